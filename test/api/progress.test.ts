import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProgressService } from '../../src/server/areas/progress/progress.service.ts';
import { progressStates } from '../../src/server/domain/progress-states.ts';
import type { ProgressData } from '../../src/server/domain/records/local-records.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN_TOKEN = 'progress-admin';

describe('GET /api/v1/progress/:id', () => {
  let server: TestServer;
  let course: ContentCourse;
  let progress: ProgressService;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    course = await createContentCourse(server);
    progress = new ProgressService(server.core.services);
  });
  afterAll(() => server.stop());

  const newJob = () =>
    server.core.services.repos.progress.create(
      progressStates.queued({ context_type: 'Course', context_id: course.id, user_id: course.teacher.id, tag: 'assign_unassigned_members' }),
      fixtureStamp(),
    );
  const change = (id: number, to: (p: ProgressData) => ProgressData) => server.core.services.repos.progress.update(id, fixtureStamp(), to);

  it('401 with WWW-Authenticate without a token; 401 unauthorized for another user', async () => {
    const job = await newJob();
    expectInvalidToken(await api(server, undefined, 'GET', `/api/v1/progress/${job.id}`));
    expectUnauthorized(await api(server, course.student.token, 'GET', `/api/v1/progress/${job.id}`));
  });

  it('404 for an unknown or malformed id', async () => {
    expect((await api(server, ADMIN_TOKEN, 'GET', '/api/v1/progress/987654')).status).toBe(404);
    expect((await api(server, ADMIN_TOKEN, 'GET', '/api/v1/progress/x1')).status).toBe(404);
  });

  it('follows a job through its states, for its user and for an admin', async () => {
    const job = await newJob();
    const path = `/api/v1/progress/${job.id}`;
    expect((await api(server, course.teacher.token, 'GET', path)).json).toMatchObject({ workflow_state: 'queued', completion: 0 });
    await progress.advance(job.id, 40, fixtureStamp(), 'halfway');
    expect((await api(server, ADMIN_TOKEN, 'GET', path)).json).toMatchObject({ workflow_state: 'running', completion: 40, message: 'halfway' });
    await change(job.id, progressStates.completed({ groups: 2 }));
    // A finished job never changes again.
    await change(job.id, progressStates.failed('late failure'));
    const res = await api(server, course.teacher.token, 'GET', path);
    expect(res.json).toEqual({
      id: job.id,
      context_id: course.id,
      context_type: 'Course',
      user_id: course.teacher.id,
      tag: 'assign_unassigned_members',
      completion: 100,
      workflow_state: 'completed',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updated_at: expect.stringMatching(/Z$/),
      message: 'halfway',
      results: { groups: 2 },
      url: `${server.url}${path}`,
    });
  });

  it('a failed job reports its message', async () => {
    const job = await newJob();
    await change(job.id, progressStates.failed('no groups'));
    expect((await api(server, course.teacher.token, 'GET', `/api/v1/progress/${job.id}`)).json).toMatchObject({ workflow_state: 'failed', message: 'no groups' });
  });
});
