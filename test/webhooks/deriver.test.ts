import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/boot.ts';
import { openServices } from '../../src/server/core.ts';
import { EventDeriver } from '../../src/server/webhooks/deriver.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createAssignment, createContentCourse, createDiscussionTopic, createFile, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { gradeAs, submitText } from '../helpers/submission-fixtures.ts';
import { derivedDeliveries, liveEvent, type Delivery } from '../helpers/webhook-deliveries.ts';
import { registerFixtureTool, subscriptionBody, toolAccessToken } from '../helpers/webhook-fixtures.ts';

const ALL_EVENTS = ['submission_created', 'submission_updated', 'grade_change', 'quiz_submitted', 'attachment_created'];

async function subscribe(server: TestServer, token: string, contextId: string | number, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api(server, token, 'POST', '/api/lti/subscriptions', subscriptionBody(contextId, { EventTypes: ALL_EVENTS, ...overrides }));
  if (res.status !== 200) throw new Error(`subscribe failed: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json as { Id: string }).Id;
}

describe('event deriver', () => {
  let server: TestServer;
  let course: ContentCourse;
  let token: string;
  beforeAll(async () => {
    // The runtime derives; no worker, so deliveries stay in the outbox for inspection.
    server = await startTestServer({ webhooks: { hostname: 'outpost.test', worker: false } });
    course = await createContentCourse(server);
    token = await toolAccessToken(server, await registerFixtureTool(server));
  });
  afterAll(() => server.stop());

  const of = (deliveries: Delivery[], subscription: string) => deliveries.filter((d) => d.data.subscription_uuid === subscription);

  it('derives submission_created, submission_updated and grade_change (with old grade and score) in live-event format', async () => {
    const sub = await subscribe(server, token, course.id);
    const assignment = await createAssignment(server, course.teacher.token, course.id, { published: true, points_possible: 10, submission_types: ['online_text_entry'] });
    const submission = await submitText(server, course.student.token, course.id, assignment.id, '<p>essay</p>');
    await gradeAs(server, course.teacher.token, course.id, assignment.id, course.student.id, { posted_grade: '7' });
    await derivedDeliveries(server);
    await gradeAs(server, course.teacher.token, course.id, assignment.id, course.student.id, { posted_grade: '9' });
    const mine = of(await derivedDeliveries(server), sub);
    expect(mine.map((d) => d.data.event_name)).toEqual(['submission_created', 'submission_updated', 'grade_change', 'submission_updated', 'grade_change']);

    const created = liveEvent(mine[0]!);
    expect(created.metadata).toMatchObject({
      event_name: 'submission_created',
      producer: 'canvas',
      hostname: 'outpost.test',
      user_id: String(course.student.id),
      user_login: course.student.login,
      context_type: 'Course',
      context_id: String(course.id),
      context_role: 'StudentEnrollment',
      subscription_id: sub,
      event_id: mine[0]!.data.event_id,
      root_account_id: String(server.core.services.installation.root_account_id),
    });
    expect(created.metadata.event_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(created.metadata.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body).toMatchObject({
      submission_id: String(submission.id),
      assignment_id: String(assignment.id),
      user_id: String(course.student.id),
      submission_type: 'online_text_entry',
      workflow_state: 'submitted',
      attempt: 1,
      score: null,
      grade: null,
    });

    const [firstGrade, regrade] = [liveEvent(mine[2]!), liveEvent(mine[4]!)];
    expect(firstGrade.metadata).toMatchObject({ user_id: String(course.teacher.id), context_role: 'TeacherEnrollment' });
    expect(firstGrade.body).toMatchObject({ grade: '7', old_grade: null, score: 7, old_score: null, points_possible: 10, grader_id: String(course.teacher.id), student_id: String(course.student.id), grading_complete: true });
    expect(regrade.body).toMatchObject({ grade: '9', old_grade: '7', score: 9, old_score: 7, old_points_possible: 10 });
  });

  it('derives attachment_created once per file and builds caliper envelopes', async () => {
    const sub = await subscribe(server, token, course.id, { Format: 'caliper', EventTypes: ['attachment_created', 'submission_created'] });
    const file = await createFile(server, course.teacher.token, course.id, 'essay.pdf', 'pdf-bytes');
    const assignment = await createAssignment(server, course.teacher.token, course.id, { published: true, points_possible: 5, submission_types: ['online_text_entry'] });
    await submitText(server, course.student.token, course.id, assignment.id);
    const mine = of(await derivedDeliveries(server), sub);
    expect(mine.map((d) => d.data.event_name)).toEqual(['attachment_created', 'submission_created']);
    const [attachment, submitted] = mine.map((d) => JSON.parse(d.data.body) as { sensor: string; dataVersion: string; data: Array<Record<string, unknown>> });
    expect(attachment).toMatchObject({ sensor: 'http://outpost.test/', dataVersion: 'http://purl.imsglobal.org/ctx/caliper/v1p1' });
    expect(attachment!.data).toHaveLength(1);
    expect(attachment!.data[0]).toMatchObject({
      '@context': 'http://purl.imsglobal.org/ctx/caliper/v1p1',
      type: 'Event',
      action: 'Created',
      actor: { id: `urn:instructure:canvas:user:${course.teacher.id}`, type: 'Person' },
      object: { id: `urn:instructure:canvas:attachment:${String(file.id)}`, type: 'Document', name: 'essay.pdf' },
      group: { id: `urn:instructure:canvas:course:${course.id}`, type: 'CourseOffering' },
      membership: { roles: ['Instructor'] },
      extensions: { 'com.instructure.canvas': { subscription_id: sub } },
    });
    expect(String(attachment!.data[0]!.id)).toMatch(/^urn:uuid:/);
    expect(submitted!.data[0]).toMatchObject({ type: 'AssignableEvent', action: 'Submitted', object: { type: 'Attempt', count: 1 } });

    // Renaming the file is not a second attachment_created.
    await api(server, course.teacher.token, 'PUT', `/api/v1/files/${String(file.id)}`, { name: 'renamed.pdf' });
    expect(of(await derivedDeliveries(server), sub)).toHaveLength(2);
  });

  it('derives discussion_topic_created for a topic, and announcement_created as well for an announcement, once each', async () => {
    const sub = await subscribe(server, token, course.id, { EventTypes: ['discussion_topic_created', 'announcement_created'] });
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'Week 1', published: true });
    const news = await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'News', message: '<p>Hi</p>', is_announcement: true });
    await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/discussion_topics/${news.id}`, { title: 'News!' });
    const mine = of(await derivedDeliveries(server), sub).map(liveEvent);
    expect(mine.map((e) => e.metadata.event_name)).toEqual(['discussion_topic_created', 'discussion_topic_created', 'announcement_created']);
    expect(mine[0]!.body).toMatchObject({ discussion_topic_id: String(topic.id), is_announcement: false, title: 'Week 1', context_type: 'Course', context_id: String(course.id) });
    expect(mine[1]!.body).toMatchObject({ discussion_topic_id: String(news.id), is_announcement: true });
    expect(mine[2]!.body).toMatchObject({ announcement_id: String(news.id), title: 'News', body: '<p>Hi</p>', workflow_state: 'active' });
    expect(mine[2]!.metadata).toMatchObject({ user_id: String(course.teacher.id), context_role: 'TeacherEnrollment' });
  });

  it('fans out by context: an assignment subscription sees only its assignment; other courses see nothing', async () => {
    const [a1, a2] = await Promise.all([1, 2].map(() => createAssignment(server, course.teacher.token, course.id, { published: true, submission_types: ['online_text_entry'] })));
    const other = await createContentCourse(server, 'Other 101');
    const assignmentSub = await subscribe(server, token, a1!.id, { ContextType: 'assignment', EventTypes: ['submission_created'] });
    const otherCourseSub = await subscribe(server, token, other.id, { EventTypes: ['submission_created'] });
    await submitText(server, course.student.token, course.id, a1!.id);
    await submitText(server, course.student.token, course.id, a2!.id);
    const all = await derivedDeliveries(server);
    expect(of(all, assignmentSub).map((d) => liveEvent(d).body.assignment_id)).toEqual([String(a1!.id)]);
    expect(of(all, otherCourseSub)).toEqual([]);
  });

  it('a deleted subscription gets no new deliveries', async () => {
    const sub = await subscribe(server, token, course.id, { EventTypes: ['submission_created'] });
    await api(server, token, 'DELETE', `/api/lti/subscriptions/${sub}`);
    const assignment = await createAssignment(server, course.teacher.token, course.id, { published: true, submission_types: ['online_text_entry'] });
    await submitText(server, course.student.token, course.id, assignment.id);
    expect(of(await derivedDeliveries(server), sub)).toEqual([]);
  });
});

describe('event deriver crash safety', () => {
  const CHILD = new URL('../fixtures/webhook-derive-child.ts', import.meta.url).pathname;
  const SUBMISSIONS = 90;
  let dataDir: string;
  let expected: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-derive-crash-'));
    const running = await startServer({ dataDir, port: 0, webhooks: false });
    const server = { ...running, dataDir, errors: [], stop: () => running.close() };
    const course = await createContentCourse(server, 'Crash 101');
    const token = await toolAccessToken(server, await registerFixtureTool(server));
    const assignment = await createAssignment(server, course.teacher.token, course.id, { published: true, submission_types: ['online_text_entry'] });
    await subscribe(server, token, course.id, { EventTypes: ['submission_created'] });
    await subscribe(server, token, course.id, { EventTypes: ['submission_created'], Format: 'caliper' });
    expected = SUBMISSIONS * 2;
    const { repos } = server.core.services;
    for (let user = 1; user <= SUBMISSIONS; user++) {
      await repos.submissions.create(
        {
          course_id: course.id, assignment_id: assignment.id, user_id: user, submission_type: 'online_text_entry', body: `<p>${user}</p>`, url: null,
          attachment_ids: [], media_comment_id: null, media_comment_type: null, attempt: 1, submitted_at: new Date().toISOString(), score: null,
          grade: null, points_deducted: null, grader_id: null, graded_at: null, grade_matches_current_submission: true, excused: false,
          late_policy_status: null, seconds_late_override: null, workflow_state: 'submitted',
        },
        fixtureStamp(),
      );
    }
    await running.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the child until its `killAfter`-th committed pass, then SIGKILLs it; resolves with the passes it reported. */
  function deriveAndKill(killAfter: number): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CHILD, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
      const lines: string[] = [];
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        if (lines.length === killAfter) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('close', (code, signal) => (signal === 'SIGKILL' || code === 0 ? resolve(lines) : reject(new Error(`child failed (${code}): ${stderr}`))));
    });
  }

  it('a kill -9 mid-derivation loses nothing and doubles nothing', async () => {
    for (const killAfter of [1, 4, 9]) {
      const passes = await deriveAndKill(killAfter);
      expect(passes.length, `round after ${killAfter}`).toBeGreaterThanOrEqual(1);
    }
    const { db, services, close } = await openServices(dataDir);
    try {
      const deriver = new EventDeriver({ db, repos: services.repos, webhooks: services.webhooks.repos, rootAccountId: services.installation.root_account_id, hostname: 'localhost' });
      await deriver.deriveAll();
      const deliveries = await services.webhooks.repos.deliveries.find();
      const identities = deliveries.map((d) => {
        const payload = JSON.parse(d.data.body) as { body?: { submission_id: string }; data?: Array<{ object: { id: string } }> };
        return `${d.data.subscription_uuid}:${payload.body?.submission_id ?? payload.data?.[0]?.object.id.split(':').at(-1)}`;
      });
      expect(new Set(identities).size).toBe(identities.length);
      expect(deliveries).toHaveLength(expected);
      expect(await deriver.deriveAll()).toBe(0);
    } finally {
      await close();
    }
  });
});
