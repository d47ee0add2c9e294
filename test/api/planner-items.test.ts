import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createAssignment, createDiscussionTopic, createQuiz } from '../helpers/content-fixtures.ts';
import { expectInvalidToken } from '../helpers/course-fixtures.ts';
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
      plannable_id: String(essay.id),
      plannable_date: essay.due_at,
      visible_in_planner: true,
      planner_override: null,
      new_activity: false,
      submissions: { submitted: false, excused: false, graded: false, late: false, missing: false, needs_grading: false, with_feedback: false },
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
    expect(kinds(await items(student, '?filter=new_activity'))).toEqual([`assignment:${essay.id}`]);
    expect(kinds(await items(student, '?filter=ungraded_todo_items'))).toEqual([`wiki_page:${ids.page}`]);
    // Reading the submission clears its new activity.
    await api(server, student.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${essay.id}/submissions/${student.id}/read`);
    expect(await items(student, '?filter=new_activity')).toEqual([]);
  });
});
