import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createAssignment, createDiscussionTopic, createQuiz } from '../helpers/content-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { coursePages, createPage } from '../helpers/page-fixtures.ts';
import { createNote, createOverride, dayFromNow, daysFromNow, setPageTodoDate } from '../helpers/planner-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { gradeAs, submitText } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };
const ITEMS = '/api/v1/planner/items';

describe('planner items API', () => {
  let server: TestServer;
  let course: RosterCourse;
  let other: RosterCourse;
  let essay: Json;
  let ids: Record<string, number>;
  const items = async (who: FixtureUser, query = '') => {
    const res = await api(server, who.token, 'GET', `${ITEMS}${query}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as Json[];
  };
  const kinds = (list: Json[]) => list.map((i) => `${String(i.plannable_type)}:${String(i.plannable_id)}`);

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'planner-items-admin' });
    course = await createRosterCourse(server, 'Planner 101');
    other = await createRosterCourse(server, 'Planner 102');
    const t = course.teacher.token;
    essay = await createAssignment(server, t, course.id, { published: true, due_at: daysFromNow(2), points_possible: 10, submission_types: ['online_text_entry'], peer_reviews: true });
    const overdue = await createAssignment(server, t, course.id, { published: true, due_at: daysFromNow(-1), points_possible: 5, submission_types: ['online_text_entry'] });
    await createAssignment(server, t, course.id, { published: false, due_at: daysFromNow(1) });
    await createAssignment(server, t, course.id, { published: true, due_at: daysFromNow(60) });
    const practice = await createQuiz(server, t, course.id, { published: true, due_at: daysFromNow(3), quiz_type: 'practice_quiz' });
    const news = await createDiscussionTopic(server, t, course.id, { is_announcement: true, published: true });
    const page = await createPage(server, t, coursePages(course.id), { title: 'Reading', published: true });
    await setPageTodoDate(server, page.page_id, daysFromNow(4));
    await createAssignment(server, other.teacher.token, other.id, { published: true, due_at: daysFromNow(1) });
    ids = { overdue: overdue.id, practice: practice.id, news: news.id, page: page.page_id };
  });
  afterAll(() => server.stop());

  it('401 with the Bearer challenge without a token; 400 for a bad date or filter', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', ITEMS));
    const bad = await api(server, course.studentA.token, 'GET', `${ITEMS}?end_date=2024-13-45`);
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ errors: { end_date: 'Invalid date or invalid datetime for end_date' } });
    expect((await api(server, course.studentA.token, 'GET', `${ITEMS}?filter=everything`)).status).toBe(400);
  });

  it('a student sees published content of their courses in the default window, by date, with the item shape', async () => {
    const list = await items(course.studentA);
    expect(kinds(list)).toEqual([
      `assignment:${ids.overdue}`,
      `announcement:${ids.news}`,
      `assignment:${essay.id}`,
      `quiz:${ids.practice}`,
      `wiki_page:${ids.page}`,
    ]);
    const item = list.find((i) => i.plannable_id === String(essay.id))!;
    expect(item).toEqual({
      context_type: 'Course',
      course_id: course.id,
      context_name: 'Planner 101',
      plannable_id: String(essay.id),
      plannable_date: essay.due_at,
      visible_in_planner: true,
      planner_override: null,
      new_activity: false,
      submissions: { submitted: false, excused: false, graded: false, late: false, missing: false, needs_grading: false, with_feedback: false, has_feedback: false },
      plannable_type: 'assignment',
      plannable: expect.objectContaining({ id: essay.id, title: 'Essay', due_at: essay.due_at, points_possible: 10 }),
      html_url: `/courses/${course.id}/assignments/${essay.id}`,
    });
    expect(list.find((i) => i.plannable_id === String(ids.overdue))!.submissions).toMatchObject({ missing: true });
    expect(list.find((i) => i.plannable_type === 'quiz')!.submissions).toBe(false);
    // The outsider and the other course’s student see none of it.
    expect(await items(course.outsider)).toEqual([]);
    expect(kinds(await items(other.studentA))).toHaveLength(1);
  });

  it('start_date/end_date and context_codes narrow the list; pagination', async () => {
    expect(kinds(await items(course.studentA, `?start_date=${dayFromNow(3)}&end_date=${dayFromNow(4)}`))).toEqual([`quiz:${ids.practice}`, `wiki_page:${ids.page}`]);
    expect(kinds(await items(course.studentA, `?start_date=${dayFromNow(30)}`))).toHaveLength(1);
    expect(await items(course.studentA, `?context_codes[]=course_${other.id}`)).toEqual([]);
    expect(kinds(await items(course.studentA, `?context_codes[]=course_${course.id}`))).toHaveLength(5);
    const page = await api(server, course.studentA.token, 'GET', `${ITEMS}?per_page=2&page=3`);
    expect(kinds(page.json as Json[])).toEqual([`wiki_page:${ids.page}`]);
    expect(page.headers.get('link')).toContain('rel="prev"');
  });

  it('notes, overrides, peer reviews to do, submission status and the filters', async () => {
    const student = course.studentB;
    const note = await createNote(server, student.token, { title: 'Plan essay', todo_date: daysFromNow(1) });
    const override = await createOverride(server, student.token, 'assignment', essay.id, { marked_complete: true });
    const sub = await submitText(server, course.studentA.token, course.id, essay.id);
    const review = (await api(server, course.teacher.token, 'POST', `/api/v1/courses/${course.id}/assignments/${essay.id}/submissions/${sub.id}/peer_reviews`, { user_id: student.id })).json as Json;
    await submitText(server, student.token, course.id, essay.id);
    await gradeAs(server, course.teacher.token, course.id, essay.id, student.id, { posted_grade: '8' });
    const list = await items(student);
    const noteItem = list.find((i) => i.plannable_type === 'planner_note')!;
    expect(noteItem).toMatchObject({ plannable_id: String(note.id), html_url: `/api/v1/planner_notes/${note.id}`, plannable: { id: note.id, title: 'Plan essay' }, submissions: false });
    expect(noteItem).not.toHaveProperty('context_type');
    const essayItem = list.find((i) => i.plannable_type === 'assignment' && i.plannable_id === String(essay.id))!;
    expect(essayItem).toMatchObject({
      planner_override: { id: override.id, marked_complete: true },
      new_activity: true,
      submissions: { submitted: true, graded: true, needs_grading: false, with_feedback: false },
    });
    expect(list.find((i) => i.plannable_type === 'assessment_request')).toMatchObject({
      plannable_id: String(review.id),
      plannable: { title: 'Essay', workflow_state: 'assigned' },
      html_url: `/courses/${course.id}/assignments/${essay.id}/submissions/${course.studentA.id}`,
    });
    // New activity: the unread announcement and the graded essay.
    expect(kinds(await items(student, '?filter=new_activity'))).toEqual([`announcement:${ids.news}`, `assignment:${essay.id}`]);
    expect(kinds(await items(student, '?filter=ungraded_todo_items'))).toEqual([`wiki_page:${ids.page}`]);
    // Reading the submission and the announcement clears their new activity.
    await api(server, student.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${essay.id}/submissions/${student.id}/read`);
    expect(kinds(await items(student, '?filter=new_activity'))).toEqual([`announcement:${ids.news}`]);
    expect((await api(server, student.token, 'PUT', `/api/v1/courses/${course.id}/discussion_topics/${ids.news}/read`)).status).toBe(204);
    expect(await items(student, '?filter=new_activity')).toEqual([]);
  });

  it('complete_items and incomplete_items: the override decides, else the submission', async () => {
    const student = course.studentA;
    const quiz = (await items(student)).find((i) => i.plannable_type === 'quiz')!;
    await createOverride(server, student.token, 'quiz', Number(quiz.plannable_id), { marked_complete: true });
    // studentA submitted the essay in the test above (as the peer review's reviewee).
    const complete = kinds(await items(student, '?filter=complete_items'));
    expect(complete).toEqual([`assignment:${essay.id}`, `quiz:${quiz.plannable_id as string}`]);
    const incomplete = kinds(await items(student, '?filter=incomplete_items'));
    expect(incomplete).toEqual(kinds(await items(student)).filter((k) => !complete.includes(k)));
    expect(incomplete).toContain(`assignment:${ids.overdue}`);
  });

  it('observed_user_id: an observer reads a linked student’s planner for the courses in context_codes[]', async () => {
    const { observer, studentA, studentB } = course;
    const personal = await createNote(server, studentA.token, { title: 'Personal', todo_date: daysFromNow(1) });
    const courseNote = await createNote(server, studentA.token, { title: 'Course note', todo_date: daysFromNow(1), course_id: course.id });
    const query = `?observed_user_id=${studentA.id}&context_codes[]=course_${course.id}&context_codes[]=user_${observer.id}`;
    const seen = await items(observer, query);
    expect(kinds(seen)).toEqual(kinds(await items(studentA, `?context_codes[]=course_${course.id}`)));
    // The student's notes about the course, never their personal ones (even with the observer's own user code).
    expect(kinds(seen)).toContain(`planner_note:${courseNote.id}`);
    expect(kinds(seen)).not.toContain(`planner_note:${personal.id}`);
    expect(kinds(await items(studentA))).toContain(`planner_note:${personal.id}`);
    expect(seen.find((i) => i.plannable_id === String(essay.id))).toMatchObject({ submissions: { submitted: true }, context_name: 'Planner 101' });
    // Observing needs context_codes[] and a link in every course they name.
    for (const q of [`?observed_user_id=${studentA.id}`, `?observed_user_id=${studentB.id}&context_codes[]=course_${course.id}`]) {
      expectUnauthorized(await api(server, observer.token, 'GET', `${ITEMS}${q}`), q);
    }
    expectUnauthorized(await api(server, studentB.token, 'GET', `${ITEMS}?observed_user_id=${studentA.id}&context_codes[]=course_${course.id}`));
    expect((await api(server, observer.token, 'GET', `${ITEMS}?observed_user_id=999999999&context_codes[]=course_${course.id}`)).status).toBe(404);
    // Observing oneself is one's own planner.
    expect(kinds(await items(studentA, `?observed_user_id=${studentA.id}`))).toEqual(kinds(await items(studentA)));
  });

  it('per_page pages with the exact Link header', async () => {
    const res = await api(server, course.studentB.token, 'GET', `${ITEMS}?per_page=2`);
    const all = await items(course.studentB, '?per_page=100');
    const last = Math.ceil(all.length / 2);
    const url = (page: number) => `<${server.url}${ITEMS}?page=${page}&per_page=2>`;
    expect(res.headers.get('link')).toBe(`${url(1)}; rel="current",${url(2)}; rel="next",${url(1)}; rel="first",${url(last)}; rel="last"`);
    expect((res.json as Json[]).map((i) => i.plannable_id)).toEqual(all.slice(0, 2).map((i) => i.plannable_id));
  });
});
