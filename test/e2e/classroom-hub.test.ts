import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type DemoPerson } from '../../src/server/commands/demo-course.ts';
import { seedDemo } from '../../src/server/commands/seed-demo.ts';
import { generateStrongToken } from '../../src/server/config.ts';
import type { Submission } from '../../src/contracts/grading-dtos.ts';
import type { Assignment, CourseUser } from '../../src/contracts/lms-dtos.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { freePort, ServerProcess } from '../helpers/server-process.ts';
import { signIn, watchPageErrors } from '../helpers/ui-demo.ts';
import { callOk, SYNC } from '../helpers/ui-hub.ts';
import { asBrowser, cookieOf, postSignIn, type BrowserSession } from '../helpers/session-fixtures.ts';
import type { SessionResponse } from '../../src/contracts/session-dtos.ts';
import { closeTab, expectNoAxeViolations, openTab } from '../helpers/ui-screens.ts';

interface Topic {
  id: number;
  title: string;
}
interface Entry {
  user_id: number;
  message: string;
}
interface ClassDevice {
  user_id: number;
  kind: 'device' | 'browser';
  waiting: number;
}

/** A fresh Outpost in its own process and data directory (the school hub, the teacher's laptop, a student's laptop). */
class Installation {
  readonly dir = mkdtempSync(join(tmpdir(), 'outpost-classroom-'));
  readonly adminToken = generateStrongToken();
  port = 0;
  process!: ServerProcess;

  async start(env: Record<string, string> = {}): Promise<this> {
    this.port ||= await freePort();
    this.process = await ServerProcess.start({ dataDir: this.dir, port: this.port, adminToken: this.adminToken, env });
    return this;
  }

  get url(): string {
    return this.process.url;
  }

  call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return callOk<T>(this.url, this.adminToken, method, path, body);
  }

  /** Connects this installation to a hub as `person`, as `Connect to a hub` does (first-run: no session needed). */
  async connect(hubUrl: string, person: DemoPerson): Promise<void> {
    const res = await fetch(`${this.url}/api/v1/sync/hub`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hub_url: hubUrl, unique_id: person.login, password: person.password }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** A person's signed-in session here (their local login, made when connecting or from the class's verifiers). */
  async signIn(person: DemoPerson): Promise<BrowserSession> {
    const res = await postSignIn(this, person.login, person.password);
    expect(res.status).toBe(200);
    const body = res.json as SessionResponse;
    return { cookie: cookieOf(res), csrf: body.csrf_token, userId: body.user.id };
  }

  async stop(): Promise<void> {
    await this.process?.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Issue 29's class period end to end, with real processes: the school hub (seeded with the demo course), the
 * teacher's Outpost connected to it and sharing with the class, and one student's own Outpost connected to the
 * classroom hub (two tiers); a second student in a browser against the classroom hub. The school hub is stopped for
 * the whole period; started again, it ends up with each thing the class did, once, as the person who did it.
 */
describe('the classroom hub', () => {
  const school = new Installation();
  const classroom = new Installation();
  const laptop = new Installation();
  let browser: Browser;
  let courseId: number;
  beforeAll(async () => {
    await school.start();
    ({ courseId } = await seedDemo(school.url, school.adminToken));
    await classroom.start({ OUTPOST_CLASSROOM_PORT: String(await freePort()) });
    await laptop.start();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([school.stop(), classroom.stop(), laptop.stop()]);
  });

  const writer = DEMO.students[15]!;
  const poster = DEMO.students[16]!;

  it('serves the class with the school away, then the school has everything once, as each person, with honest times', { timeout: 300_000 }, async () => {
    const roster = await school.call<CourseUser[]>('GET', `/api/v1/courses/${courseId}/users?per_page=100`);
    const idOf = (person: DemoPerson) => roster.find((u) => u.login_id === person.login)!.id;
    const assignments = await school.call<Assignment[]>('GET', `/api/v1/courses/${courseId}/assignments?per_page=100`);
    const response = assignments.find((a) => a.name === 'Reading Response: Silent Spring')!;
    const topics = await school.call<Topic[]>('GET', `/api/v1/courses/${courseId}/discussion_topics?per_page=100`);
    const topic = topics.find((t) => t.title === 'Field Trip Reflections')!;

    // The teacher's Outpost connects to the school; the teacher turns on `Share with my class` in Settings and sees
    // the address to give the class, its QR code and (empty for now) the room's devices.
    await classroom.connect(school.url, DEMO.teacher);
    browser = await launchChromium();
    const settings = await openTab(browser);
    await signIn(settings, classroom.url, DEMO.teacher);
    await settings.goto(`${classroom.url}/#/settings`);
    await settings.getByRole('checkbox', { name: 'Share with my class' }).check();
    await settings.getByRole('img', { name: 'QR code of the classroom address' }).waitFor(SYNC);
    const shared = await classroom.call<{ sharing: boolean; port: number; people: number; url: string }>('GET', '/api/v1/classroom');
    expect(shared).toMatchObject({ sharing: true });
    await settings.getByText(shared.url, { exact: true }).waitFor();
    await settings.getByRole('heading', { name: 'Devices in this class' }).waitFor();
    await expectNoAxeViolations(settings);
    expect(shared.people).toBe(DEMO.students.length);
    const classUrl = `http://127.0.0.1:${shared.port}`;
    // The teacher's laptop holds the course before the period starts.
    const teacher = await classroom.signIn(DEMO.teacher);
    await expect.poll(async () => (await asBrowser(classroom, teacher, 'GET', `/api/v1/courses/${courseId}/discussion_topics/${topic.id}`)).status, SYNC).toBe(200);

    // The class period: the school hub is away throughout.
    await school.process.stop();
    const periodStart = Date.now();

    // Only the class's people get in through the classroom address: the local admin's token does not.
    expect((await fetch(`${classUrl}/api/v1/users/self`, { headers: { authorization: `Bearer ${classroom.adminToken}` } })).status).toBe(401);

    // A student's own Outpost connects to the classroom hub as to a school, and posts to the discussion.
    await laptop.connect(classUrl, poster);
    const posterSession = await laptop.signIn(poster);
    const topicOnLaptop = `/api/v1/courses/${courseId}/discussion_topics/${topic.id}`;
    await expect.poll(async () => (await asBrowser(laptop, posterSession, 'GET', topicOnLaptop)).status, SYNC).toBe(200);
    const posted = await asBrowser(laptop, posterSession, 'POST', `${topicOnLaptop}/entries`, { body: { message: 'The heron rookery surprised me most.' } });
    expect(posted.status).toBe(201);

    // A student in a browser signs in on the classroom hub with their school password and submits.
    const page = await openTab(browser);
    const errors = watchPageErrors(page);
    await signIn(page, classUrl, writer);
    await page.goto(`${classUrl}/#/courses/${courseId}/assignments/${response.id}`);
    await page.getByRole('textbox', { name: 'Your answer' }).fill('Carson shows how one pesticide travels up the food web.');
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await page.locator('.submission-state').filter({ hasText: /attempt 1/ }).waitFor(SYNC);

    // The teacher grades it with a comment on the classroom hub; the student sees the grade.
    const graded = await asBrowser(classroom, teacher, 'PUT', `/api/v1/courses/${courseId}/assignments/${response.id}/submissions/${idOf(writer)}`, {
      body: { submission: { posted_grade: '9' }, comment: { text_comment: 'Well traced through the food web.' } },
    });
    expect(graded.status).toBe(200);
    await page.reload();
    await page.getByText(/^Grade: 9/).waitFor(SYNC);

    // Devices in this class: the student's Outpost (with nothing left to send) and the browser.
    await expect
      .poll(async () => (await classroom.call<ClassDevice[]>('GET', '/api/v1/classroom/devices')).map((d) => [d.user_id, d.kind, d.waiting]).sort(), SYNC)
      .toEqual([[idOf(poster), 'device', 0], [idOf(writer), 'browser', 0]].sort());
    // The same rows on the teacher's screen.
    await settings.reload();
    const devices = settings.getByRole('table', { name: 'Devices in this class' });
    for (const person of [poster, writer]) await devices.getByRole('rowheader', { name: new RegExp(person.name) }).waitFor(SYNC);
    await expectNoAxeViolations(settings);
    await closeTab(settings);
    const periodEnd = Date.now();

    // The school hub comes back: within a minute it holds what the class did, once each.
    await school.start();
    const path = `/api/v1/courses/${courseId}/assignments/${response.id}/submissions/${idOf(writer)}?include[]=submission_history&include[]=submission_comments`;
    await expect.poll(async () => (await school.call<Submission>('GET', path)).grade, { timeout: 60_000 }).toBe('9');
    const onSchool = await school.call<Submission>('GET', path);
    expect(onSchool.submission_history?.map((s) => [s.attempt, s.body])).toEqual([[1, '<p>Carson shows how one pesticide travels up the food web.</p>']]);
    const submittedAt = Date.parse(onSchool.submitted_at!);
    expect(submittedAt).toBeGreaterThanOrEqual(periodStart);
    expect(submittedAt).toBeLessThanOrEqual(periodEnd);
    expect(Date.parse(onSchool.received_at!)).toBeGreaterThan(periodEnd);
    expect(onSchool.submission_comments?.map((c) => [c.author_id, c.comment])).toEqual([[idOf(DEMO.teacher), 'Well traced through the food web.']]);
    await expect.poll(async () => (await school.call<Entry[]>('GET', `/api/v1/courses/${courseId}/discussion_topics/${topic.id}/entries`)).map((e) => [e.user_id, e.message]), SYNC).toEqual([
      [idOf(poster), 'The heron rookery surprised me most.'],
    ]);

    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
