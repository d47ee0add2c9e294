import { generateStrongToken } from '../../src/server/config.ts';
import type { Browser, Page } from 'playwright-core';
import { DEMO, type DemoPerson } from '../../src/server/commands/demo-course.ts';
import { seedDemo } from '../../src/server/commands/seed-demo.ts';
import type { Assignment, CourseModule, CourseUser, WikiPage } from '../../src/contracts/lms-dtos.ts';
import { api } from './api-fixtures.ts';
import { launchChromium } from './chromium.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The demo course on a real headless server, loaded through the API exactly as `npm run seed:demo` does, plus what
 * the demo lacks for UI tests (a page and two modules, added by the demo teacher through the API).
 */
export interface UiDemo {
  server: TestServer;
  adminToken: string;
  courseId: number;
  teacher: UiDemoUser;
  student: UiDemoUser;
  welcomePage: WikiPage;
  firstAssignment: Assignment;
  week1: CourseModule;
  week2: CourseModule;
}

export interface UiDemoUser {
  id: number;
  name: string;
  /** The email people sign in with, and the demo seed's password for it. */
  login: string;
  password: string;
  /** For API calls the test makes as this user. */
  token: string;
}

export async function startUiDemo(): Promise<UiDemo> {
  const adminToken = generateStrongToken();
  const server = await startTestServer({ adminToken });
  try {
    const { courseId } = await seedDemo(server.url, adminToken);
    const call = async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
      const res = await api(server, token, method, path, body);
      if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.json)}`);
      return res.json as T;
    };
    const roster = await call<CourseUser[]>(adminToken, 'GET', `/api/v1/courses/${courseId}/users?per_page=100`);
    const userFor = async (person: DemoPerson): Promise<UiDemoUser> => {
      const user = roster.find((u) => u.login_id === person.login);
      if (!user) throw new Error(`demo user ${person.login} missing`);
      const issued = await call<{ visible_token: string }>(adminToken, 'POST', `/api/v1/users/${user.id}/tokens`, { token: { purpose: 'ui test' } });
      return { id: user.id, name: user.name, login: person.login, password: person.password, token: issued.visible_token };
    };
    const teacher = await userFor(DEMO.teacher);
    const student = await userFor(DEMO.students[0]!);

    const course = `/api/v1/courses/${courseId}`;
    const [firstAssignment] = await call<Assignment[]>(teacher.token, 'GET', `${course}/assignments?per_page=1`);
    const welcomePage = await call<WikiPage>(teacher.token, 'POST', `${course}/pages`, {
      wiki_page: { title: 'Welcome', body: '<h2>Welcome aboard</h2><p>Start with the <strong>lab</strong>.</p>', published: true },
    });
    const week1 = await call<CourseModule>(teacher.token, 'POST', `${course}/modules`, { module: { name: 'Week 1' } });
    await call(teacher.token, 'POST', `${course}/modules/${week1.id}/items`, {
      module_item: { type: 'Page', page_url: welcomePage.url, completion_requirement: { type: 'must_mark_done' } },
    });
    await call(teacher.token, 'POST', `${course}/modules/${week1.id}/items`, {
      module_item: { type: 'Assignment', content_id: firstAssignment!.id, completion_requirement: { type: 'must_submit' } },
    });
    await call(teacher.token, 'PUT', `${course}/modules/${week1.id}`, { module: { published: true, require_sequential_progress: true } });
    const week2 = await call<CourseModule>(teacher.token, 'POST', `${course}/modules`, {
      module: { name: 'Week 2', prerequisite_module_ids: [week1.id] },
    });
    await call(teacher.token, 'POST', `${course}/modules/${week2.id}/items`, {
      module_item: { type: 'ExternalUrl', external_url: 'https://example.test/reading', title: 'Further reading' },
    });
    await call(teacher.token, 'PUT', `${course}/modules/${week2.id}`, { module: { published: true } });
    return { server, adminToken, courseId, teacher, student, welcomePage, firstAssignment: firstAssignment!, week1, week2 };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Opens `url` and signs in through the form with the user's email and password; waits until it shows who it is. */
export async function signIn(page: Page, url: string, user: Pick<UiDemoUser, 'name' | 'login' | 'password'>): Promise<void> {
  await page.goto(url);
  await fillSignIn(page, user.login, user.password);
  await page.getByTestId('signed-in-user').filter({ hasText: user.name }).waitFor();
}

/** Fills and sends the sign-in form (whatever the answer). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Collects uncaught page errors and console errors, which a healthy UI never produces. The browser's own line for
 * a 401 is left out: asking "who is signed in?" answers 401 to everyone signed out, by design.
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().includes('the server responded with a status of 401')) errors.push(msg.text());
  });
  return errors;
}

/** The demo server and a browser for the tests of one file: `start` in beforeAll, `stop` in afterAll. */
export class UiDemoRig {
  demo!: UiDemo;
  browser!: Browser;
  readonly #browserArgs: readonly string[];

  /** `browserArgs`: Chromium switches a file's tests need beyond the usual ones (a fake microphone). */
  constructor(browserArgs: readonly string[] = []) {
    this.#browserArgs = browserArgs;
  }

  async start(): Promise<void> {
    this.demo = await startUiDemo();
    this.browser = await launchChromium(this.#browserArgs);
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await this.demo?.server.stop();
  }
}
