import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { failReadsOf, failWritesOf } from '../helpers/write-faults.ts';

/**
 * A storage failure is the server's fault: 500 with Canvas's envelope and the request id, logged once, and never
 * a 401 (a failed read in a permission rule or a lookup must not pass for a refusal).
 */
describe('storage failures', () => {
  let server: TestServer;
  let c: RosterCourse;
  beforeAll(async () => {
    server = await startTestServer();
    c = await createRosterCourse(server, 'Failing storage');
  });
  afterAll(() => server.stop());

  const expectServerError = (res: Awaited<ReturnType<typeof api>>, label: string) => {
    expect(res.status, label).toBe(500);
    const requestId = res.headers.get('x-request-id');
    expect(res.json, label).toEqual({ errors: [{ message: 'An error occurred.', error_code: 'internal_server_error' }], request_id: requestId });
    expect(server.errors.filter((e) => e.requestId === requestId), label).toHaveLength(1);
  };

  /** Makes one repository method fail as storage would, until restored. */
  const failMethod = <T extends object>(target: T, name: keyof T & string) => {
    const original = target[name];
    Object.assign(target, { [name]: () => Promise.reject(new Error('storage read failed')) });
    return () => Object.assign(target, { [name]: original });
  };

  it('a failing read answers 500 with the request id, in permission rules and in lookups alike', async () => {
    const { repos, access } = server.core.services;
    const bySis = `/api/v1/courses/${c.id}/students/submissions?student_ids[]=sis_login_id:${c.studentA.login}`;
    const cases = [
      // The rule's course lookup fails.
      [() => failReadsOf(server.core.db.collections.course), 'GET', `/api/v1/courses/${c.id}/modules`],
      [() => failReadsOf(server.core.db.collections.course), 'PUT', `/api/v1/courses/${c.id}/front_page`],
      // A student named by login is looked up in the directory; a failed lookup used to read as "not yours" (401).
      [() => failMethod(repos.users, 'byLookup'), 'GET', bySis],
      // A course of the planner's contexts that could not be checked used to be dropped silently.
      [() => failMethod(access, 'canReadCourse'), 'GET', `/api/v1/planner/items?context_codes[]=course_${c.id}`],
    ] as const;
    // Healthy storage first: each request works (the injected failure is the only difference).
    for (const [, method, path] of cases.slice(2)) expect((await api(server, c.studentA.token, method, path)).status, path).toBe(200);
    for (const [inject, method, path] of cases) {
      const restore = inject();
      try {
        expectServerError(await api(server, c.studentA.token, method, path, method === 'PUT' ? { wiki_page: { title: 'x' } } : undefined), `${method} ${path}`);
      } finally {
        restore();
      }
    }

  });

  it('a failing write answers 500 with the request id', async () => {
    const restore = failWritesOf(server, () => true, server.core.db.collections.course);
    try {
      expectServerError(await api(server, c.teacher.token, 'POST', `/api/v1/courses/${c.id}/modules`, { module: { name: 'Unsaved' } }), 'POST module');
    } finally {
      restore();
    }
  });
});
