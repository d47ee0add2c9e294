import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireRecord } from '../../src/server/sync/sync-partitions.ts';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
import { enrollFixtureUser } from '../helpers/course-fixtures.ts';
import { createAssignment, createFile } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, gradeAs, submitText } from '../helpers/submission-fixtures.ts';
import { openEventStream } from '../helpers/sync-stream.ts';
import { pullAll } from '../helpers/sync-fixtures.ts';
import { createQuizWithQuestions, takeQuiz } from '../helpers/quiz-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/**
 * Issue 27 point 4, one case per leak: what a device pulls of unposted grades, hidden and deleted comments, the
 * roster and drafts, against what REST shows the same user (decision 0097).
 */
describe('pull carries no more than REST shows', () => {
  let hub: TestServer;
  let c: RosterCourse;
  let lonely: FixtureUser;
  let muted: Json;
  let submissions: string;
  const keys = { teacherComment: '', studentComment: '', deletedComment: '' };

  const pull = async (token: string, collection: string) => (await pullAll(hub, token, collection)).byKey;
  const comment = async (token: string, text_comment: string) => {
    const res = await api(hub, token, 'PUT', `${submissions}/${c.studentA.id}`, { comment: { text_comment } });
    expect(res.status).toBe(200);
  };
  const mutedKey = () => `submission:${submissionId}`;
  let submissionId = 0;
  const commentKeys = async () => {
    const all = await hub.core.services.repos.submissionComments.find({ course_id: c.id });
    return new Map(all.map((record) => [record.data.comment, record.key]));
  };

  beforeAll(async () => {
    hub = await startTestServer();
    c = await createRosterCourse(hub, 'Leaks 101');
    lonely = await createFixtureUser(hub, 'Nobody Observed');
    await enrollFixtureUser(hub, c.id, lonely.id, 'ObserverEnrollment');
    muted = await createGradedAssignment(hub, c, { points_possible: 10 });
    submissions = `/api/v1/courses/${c.id}/assignments/${muted.id}/submissions`;
    submissionId = (await submitText(hub, c.studentA.token, c.id, muted.id)).id as number;
    // A comment shown to the student (its grades posted), then deleted.
    const posted = await createGradedAssignment(hub, c, { points_possible: 5 });
    const postedPath = `/api/v1/courses/${c.id}/assignments/${posted.id}/submissions/${c.studentA.id}`;
    expect((await api(hub, c.teacher.token, 'PUT', postedPath, { comment: { text_comment: 'Removed later' } })).status).toBe(200);
    const removed = (await commentKeys()).get('Removed later')!;
    expect((await api(hub, c.teacher.token, 'DELETE', `${postedPath}/comments/${removed.split(':')[1]}`)).status).toBe(200);
    expect((await api(hub, c.teacher.token, 'PUT', `/api/v1/courses/${c.id}/assignments/${muted.id}`, { assignment: { muted: true } })).status).toBe(200);
    await gradeAs(hub, c.teacher.token, c.id, muted.id, c.studentA.id, { posted_grade: '7' });
    await comment(c.teacher.token, 'Hidden until posted');
    await comment(c.studentA.token, 'My own question');
    const found = await commentKeys();
    keys.teacherComment = found.get('Hidden until posted')!;
    keys.studentComment = found.get('My own question')!;
    keys.deletedComment = removed;
  });
  afterAll(() => hub.stop());

  it('an unposted grade reaches neither the student’s nor the observer’s device, as REST hides it; the teacher’s does', async () => {
    for (const who of [c.studentA, c.observer]) {
      const rest = (await api(hub, who.token, 'GET', `${submissions}/${c.studentA.id}`)).json as Json;
      expect(rest).toMatchObject({ score: null, grade: null, points_deducted: null });
      const pulled = [...(await pull(who.token, 'course_user')).values()].filter((d) => d.type === 'submission' || d.type === 'submission_version');
      expect(pulled.length).toBeGreaterThan(0);
      for (const doc of pulled) expect(doc.data, doc.key).toMatchObject({ score: null, grade: null, points_deducted: null });
    }
    const teacher = [...(await pull(c.teacher.token, 'course_user')).values()].find((d) => d.type === 'submission' && d.key === mutedKey());
    expect(teacher?.data).toMatchObject({ score: 7, grade: '7' });
  });

  it('the teacher’s comment on an unposted grade is not pulled (not even as a tombstone); the student’s own is', async () => {
    for (const who of [c.studentA, c.observer]) {
      const rest = (await api(hub, who.token, 'GET', `${submissions}/${c.studentA.id}?include[]=submission_comments`)).json as { submission_comments: Json[] };
      expect(rest.submission_comments.map((x) => x.comment)).toEqual(['My own question']);
      const byKey = await pull(who.token, 'course_user');
      expect(byKey.has(keys.teacherComment)).toBe(false);
      expect(byKey.get(keys.studentComment)?.data).toMatchObject({ comment: 'My own question' });
    }
    expect((await pull(c.teacher.token, 'course_user')).get(keys.teacherComment)?._deleted).toBe(false);
  });

  it('a deleted comment travels as a bare tombstone: no text, author or times', async () => {
    for (const who of [c.studentA, c.teacher]) {
      const tombstone = (await pull(who.token, 'course_user')).get(keys.deletedComment);
      expect(tombstone).toMatchObject({ _deleted: true, data: {}, user_id: 0, parent_id: 0, updated_by: 0, created_at: 0, updated_at: 0 });
    }
  });

  it('unmuting starts the student’s pull over, and the grade and comment arrive', async () => {
    const before = await pullAll(hub, c.studentA.token, 'course_user');
    expect((await api(hub, c.teacher.token, 'PUT', `/api/v1/courses/${c.id}/assignments/${muted.id}`, { assignment: { muted: false } })).status).toBe(200);
    const after = (await pullAll(hub, c.studentA.token, 'course_user', 100, before.checkpoint)).byKey;
    expect(after.get(keys.teacherComment)?.data).toMatchObject({ comment: 'Hidden until posted' });
    expect([...after.values()].find((d) => d.type === 'submission' && d.key === mutedKey())?.data).toMatchObject({ score: 7 });
    // Muting again sweeps them off the device: the comment goes as a tombstone.
    expect((await api(hub, c.teacher.token, 'PUT', `/api/v1/courses/${c.id}/assignments/${muted.id}`, { assignment: { muted: true } })).status).toBe(200);
    const checkpoint = (await pullAll(hub, c.studentA.token, 'course_user')).checkpoint;
    const swept = (await pullAll(hub, c.studentA.token, 'course_user', 100, checkpoint)).byKey;
    expect(swept.get(keys.teacherComment) ?? { _deleted: true }).toMatchObject({ _deleted: true });
  });

  it('an observer’s device holds the enrollments and people REST lists them: their own and their student’s', async () => {
    const rest = (await api(hub, c.observer.token, 'GET', `/api/v1/courses/${c.id}/enrollments`)).json as { user_id: number }[];
    const restUsers = new Set(rest.map((e) => e.user_id));
    expect(restUsers).toEqual(new Set([c.observer.id, c.studentA.id]));
    const enrollments = [...(await pull(c.observer.token, 'course')).values()].filter((d) => d.type === 'enrollment' && !d._deleted);
    expect(new Set(enrollments.map((e) => e.user_id))).toEqual(restUsers);
    const people = [...(await pull(c.observer.token, 'directory')).values()].filter((d) => d.type === 'user' && !d._deleted);
    expect(new Set(people.map((u) => u.id))).toEqual(restUsers);
    expect((await api(hub, c.observer.token, 'GET', `/api/v1/courses/${c.id}/users`)).status).toBe(401);
  });

  it('an observer linked to no one holds only themselves', async () => {
    const enrollments = [...(await pull(lonely.token, 'course')).values()].filter((d) => d.type === 'enrollment');
    expect(enrollments.map((e) => e.user_id)).toEqual([lonely.id]);
    const people = [...(await pull(lonely.token, 'directory')).values()].filter((d) => d.type === 'user');
    expect(people.map((u) => u.id)).toEqual([lonely.id]);
    expect([...(await pull(lonely.token, 'course_user')).values()]).toEqual([]);
  });

  it('a section-limited TA holds the enrollments REST lists them: their section’s', async () => {
    const rest = (await api(hub, c.ta.token, 'GET', `/api/v1/courses/${c.id}/enrollments?per_page=100`)).json as { id: number }[];
    const enrollments = [...(await pull(c.ta.token, 'course')).values()].filter((d) => d.type === 'enrollment' && !d._deleted);
    expect(new Set(enrollments.map((e) => e.id))).toEqual(new Set(rest.map((e) => e.id)));
    expect(enrollments.map((e) => e.user_id)).not.toContain(c.studentA.id);
  });

  it('a file locked after the student pulled it is swept off their device; its bytes too', async () => {
    const file = (await createFile(hub, c.teacher.token, c.id, 'handout.txt', 'handout')).id as number;
    const first = await pullAll(hub, c.studentA.token, 'course');
    expect(first.byKey.get(`attachment:${file}`)?._deleted).toBe(false);
    const bytes = [...first.byKey.values()].find((d) => d.type === 'file_content' && d.data.file_id === file)!;
    await hub.core.services.repos.files.update(file, fixtureStamp(), (f) => ({ ...f, locked: true }));
    const after = (await pullAll(hub, c.studentA.token, 'course', 100, first.checkpoint)).byKey;
    for (const key of [`attachment:${file}`, bytes.key]) expect(after.get(key), key).toMatchObject({ _deleted: true, data: {}, updated_by: 0 });
  });

  it('a draft never published is never mentioned, to the pull or the stream; one unpublished after publishing is a bare tombstone', async () => {
    const stream = await openEventStream(hub, c.studentA.token, 'course');
    // The hub's log position after the last write: a `changed` event naming a later one came from a later burst.
    const logEnd = async () => Number((await pullAll(hub, c.teacher.token, 'course')).checkpoint.split(':')[0]);
    const quietThenVisible = async (name: string) => {
      const end = await logEnd();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await createAssignment(hub, c.teacher.token, c.id, { name, published: true });
      const changed = JSON.parse((await stream.next('changed')).data) as { seq: number };
      expect(changed.seq, 'the first event a student hears is for the published assignment').toBeGreaterThan(end);
    };
    try {
      await stream.next('resync');
      const draft = (await createAssignment(hub, c.teacher.token, c.id, { name: 'Secret draft', published: false })).id as number;
      await api(hub, c.teacher.token, 'PUT', `/api/v1/courses/${c.id}/assignments/${draft}`, { assignment: { name: 'Secret draft, renamed' } });
      await quietThenVisible('Heard 1');
      expect((await pull(c.studentA.token, 'course')).has(`assignment:${draft}`)).toBe(false);
      const once = (await createAssignment(hub, c.teacher.token, c.id, { name: 'Shown once', published: true })).id as number;
      await stream.next('changed');
      expect((await api(hub, c.teacher.token, 'PUT', `/api/v1/courses/${c.id}/assignments/${once}`, { assignment: { published: false } })).status).toBe(200);
      await stream.next('changed');
      const tombstone = (await pull(c.studentA.token, 'course')).get(`assignment:${once}`) as WireRecord;
      expect(tombstone).toMatchObject({ _deleted: true, data: {}, updated_by: 0, created_at: 0, updated_at: 0 });
      expect((await api(hub, c.studentA.token, 'GET', `/api/v1/courses/${c.id}/assignments/${once}`)).status).toBe(404);
      // Deleting the draft tells the student nothing either.
      expect((await api(hub, c.teacher.token, 'DELETE', `/api/v1/courses/${c.id}/assignments/${draft}`)).status).toBe(200);
      await quietThenVisible('Heard 2');
      expect((await pull(c.studentA.token, 'course')).has(`assignment:${draft}`)).toBe(false);
    } finally {
      stream.close();
    }
  });
  it('a quiz’s correct answers reach no taker’s device before the quiz shows them, and a grader’s device gets no one’s token', async () => {
    const choice = { question_type: 'multiple_choice_question', points_possible: 1, answers: [{ answer_text: 'right', answer_weight: 100, answer_comments: 'the reason' }, { answer_text: 'wrong' }] };
    const { quiz, questions } = await createQuizWithQuestions(hub, c, [choice], { title: 'No answers shown', show_correct_answers: false });
    const question = questions[0] as unknown as { id: number; answers: Array<{ id: number }> };
    const attempt = await takeQuiz(hub, c.studentA.token, c.id, quiz.id, [{ id: question.id, answer: question.answers[0]!.id }]);
    for (const who of [c.studentA, c.studentB, c.observer]) {
      const copy = (await pull(who.token, 'course')).get(`quiz_question:${question.id}`)!;
      expect(JSON.stringify(copy.data)).not.toMatch(/weight|the reason/);
    }
    const graders = (await pull(c.teacher.token, 'course_user')).get(`quiz_submission:${attempt.id}`)!;
    expect(graders.data).not.toHaveProperty('validation_token');
  });
});
