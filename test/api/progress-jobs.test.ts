import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressStates } from '../../src/server/domain/progress-states.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { createFixtureCategory, createFixtureGroup } from '../helpers/group-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN_TOKEN = 'progress-jobs-admin';

interface ProgressJson {
  workflow_state: string;
  completion: number;
  message: string | null;
  results: unknown;
}

/**
 * Jobs as a crash leaves them in the job table (stored with their Progress, `running`, no item done), and what
 * the next start makes of them: each either runs to its end or finishes failed with a message; none stays running.
 */
describe('the job table at server start', () => {
  let server: TestServer;
  let course: ContentCourse;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    course = await createContentCourse(server);
  });
  afterAll(() => server.stop());

  const leftRunning = async (kind: string, inputs: unknown): Promise<number> => {
    const { repos } = server.core.services;
    const queued = progressStates.queued({ context_type: 'Course', context_id: course.id, user_id: course.teacher.id, tag: kind });
    const progress = await repos.progress.create(progressStates.running(10)(queued), fixtureStamp());
    await repos.jobs.create({ kind, progress_id: progress.id, user_id: course.teacher.id, inputs, workflow_state: 'running' }, fixtureStamp());
    return progress.id;
  };
  const finished = async (progressId: number): Promise<ProgressJson> => {
    for (;;) {
      const progress = (await api(server, ADMIN_TOKEN, 'GET', `/api/v1/progress/${progressId}`)).json as ProgressJson;
      if (progress.workflow_state === 'completed' || progress.workflow_state === 'failed') return progress;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('a job of a kind this installation does not run, or whose stored inputs no longer fit, finishes failed with a message', async () => {
    const unknownKind = await leftRunning('course_copy', {});
    const unreadable = await leftRunning('submissions_update', { course_id: 'not a number', unknown: [], entries: [] });
    server = await restartTestServer(server, { adminToken: ADMIN_TOKEN });
    expect(await finished(unknownKind)).toMatchObject({ workflow_state: 'failed', message: "This installation runs no job of kind 'course_copy'." });
    expect(await finished(unreadable)).toMatchObject({ workflow_state: 'failed', message: expect.stringMatching(/^The job's stored inputs cannot be read: .+\.$/) });
  });

  it('a group assignment left running is run by the next start: the student is placed, once', async () => {
    const categoryId = await createFixtureCategory(server, { courseId: course.id });
    const groupId = await createFixtureGroup(server, categoryId);
    const progressId = await leftRunning('assign_unassigned_members', { category_id: categoryId });
    server = await restartTestServer(server, { adminToken: ADMIN_TOKEN });
    expect(await finished(progressId)).toMatchObject({
      workflow_state: 'completed',
      completion: 100,
      results: [{ id: groupId, new_members: [expect.objectContaining({ user_id: course.student.id })] }],
    });
    const members = (await api(server, ADMIN_TOKEN, 'GET', `/api/v1/groups/${groupId}/memberships`)).json as { user_id: number }[];
    expect(members.map((m) => m.user_id)).toEqual([course.student.id]);
  });
});
