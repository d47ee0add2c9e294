import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createItem, createPublishedModule } from '../helpers/module-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/**
 * A student's progressions are written in one transaction per evaluation: the first grade a student gets creates a
 * row for every module of the course, which took a commit per module before (a teacher's first push of grades for
 * a class paid ten commits a student on a ten-module course).
 */
describe('module progression writes', () => {
  let server: TestServer;
  let course: SubmissionCourse;
  const modules: Json[] = [];
  const assignments: Json[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    course = await createSubmissionCourse(server, 'Progression writes 101');
    // Three modules in a chain, each asking for 7 points on its own assignment.
    for (let i = 0; i < 3; i++) {
      const assignment = (await createGradedAssignment(server, course)) as Json;
      const module = await createPublishedModule(server, course.teacher.token, course.id, { prerequisite_module_ids: modules.map((m) => m.id) });
      const item = await createItem(server, course.teacher.token, course.id, module.id, { type: 'Assignment', content_id: assignment.id, completion_requirement: { type: 'min_score', min_score: 7 } });
      await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/modules/${module.id}/items/${item.id}`, { module_item: { published: true } });
      assignments.push(assignment);
      modules.push(module);
    }
  });
  afterAll(() => server.stop());

  /** Per committed transaction of `course_user`: the progression rows of `userId` it inserted and updated. */
  function watchProgressions(userId: number) {
    const commits: { inserted: number; updated: number }[] = [];
    const subscription = server.core.db.collections.course_user.storageInstance.changeStream().subscribe((bulk) => {
      const mine = bulk.events.filter((e) => e.documentData.type === 'context_module_progression' && e.documentData.user_id === userId);
      if (mine.length === 0) return;
      commits.push({ inserted: mine.filter((e) => e.operation === 'INSERT').length, updated: mine.filter((e) => e.operation === 'UPDATE').length });
    });
    return { commits, stop: () => subscription.unsubscribe() };
  }

  const states = async (token: string) =>
    ((await api(server, token, 'GET', `/api/v1/courses/${course.id}/modules?per_page=100`)).json as Json[]).map((m) => m.state);

  it("a student's first grade creates the rows of every module in one transaction, and the states follow the grade", async () => {
    const watched = watchProgressions(course.studentA.id);
    await gradeAs(server, course.teacher.token, course.id, assignments[0]!.id, course.studentA.id, { posted_grade: '8' });
    watched.stop();
    expect(watched.commits.filter((c) => c.inserted > 0)).toEqual([{ inserted: modules.length, updated: 0 }]);
    expect(await states(course.studentA.token)).toEqual(['completed', 'unlocked', 'locked']);
  });

  it('a later grade updates the rows it has, and the states follow it', async () => {
    const watched = watchProgressions(course.studentA.id);
    await gradeAs(server, course.teacher.token, course.id, assignments[1]!.id, course.studentA.id, { posted_grade: '9' });
    watched.stop();
    expect(watched.commits.every((c) => c.inserted === 0)).toBe(true);
    expect(await states(course.studentA.token)).toEqual(['completed', 'completed', 'unlocked']);
    // A grade lowered below the minimum un-meets its module; a module completed on it stays completed.
    await gradeAs(server, course.teacher.token, course.id, assignments[0]!.id, course.studentA.id, { posted_grade: '2' });
    expect(await states(course.studentA.token)).toEqual(['unlocked', 'completed', 'unlocked']);
  });
});
