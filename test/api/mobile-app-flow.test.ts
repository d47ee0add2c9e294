import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createItem, createPublishedModule } from '../helpers/module-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown>;

/**
 * The second real client (docs/canvas-compatibility.md §26): the requests Canvas's mobile apps make when a student
 * opens their course, in the order the apps make them, with the header they send (string ids), checking the keys
 * the apps decode as required — a missing or null one makes the app drop the whole response.
 */
describe("Canvas's mobile apps, a student opening their course", () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let graded: Json & { id: number };

  /** A GET as the apps send it: JSON with string ids. */
  async function app(path: string): Promise<unknown> {
    const res = await fetch(server.url + path, {
      headers: { authorization: `Bearer ${c.studentA.token}`, accept: 'application/json+canvas-string-ids' },
    });
    const body = (await res.json()) as unknown;
    expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(200);
    return body;
  }

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Oceanography');
    graded = await createGradedAssignment(server, c, { name: 'Tide report', points_possible: 10, due_at: '2030-01-15T12:00:00Z' });
    const module = await createPublishedModule(server, c.teacher.token, c.id, { name: 'Week 1' });
    await createItem(server, c.teacher.token, c.id, module.id, { type: 'Assignment', content_id: graded.id, completion_requirement: { type: 'must_submit' } });
    await submitText(server, c.studentA.token, c.id, graded.id as number);
    await gradeAs(server, c.teacher.token, c.id, graded.id as number, c.studentA.id, { posted_grade: '8' });
    const announcement = await api(server, c.teacher.token, 'POST', `/api/v1/courses/${c.id}/discussion_topics`, {
      title: 'Field trip Friday',
      message: '<p>Bring boots</p>',
      is_announcement: true,
    });
    expect(announcement.status).toBe(200);
  });
  afterAll(() => server.stop());

  it('dashboard cards carry every key the apps require', async () => {
    const cards = (await app('/api/v1/dashboard/dashboard_cards')) as Json[];
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      id: String(c.id),
      assetString: `course_${c.id}`,
      originalName: 'Oceanography',
      shortName: 'Oceanography',
      href: `/courses/${c.id}`,
      enrollmentType: 'StudentEnrollment',
      enrollmentState: 'active',
      subtitle: 'enrolled as: Student',
      canManage: false,
      canReadAnnouncements: true,
      published: true,
    });
    for (const key of ['courseCode', 'longName']) expect(typeof cards[0]![key], key).toBe('string');
    const links = cards[0]!.links as Json[];
    expect(links.map((l) => l.css_class)).toEqual(['announcements', 'discussions', 'assignments', 'files']);
    for (const link of links) expect(Object.keys(link).sort()).toEqual(['css_class', 'hidden', 'icon', 'label', 'path']);
    // The teacher's card speaks for their enrollment; a user in no course gets an empty list.
    const teacherCards = (await api(server, c.teacher.token, 'GET', '/api/v1/dashboard/dashboard_cards')).json as Json[];
    expect(teacherCards[0]).toMatchObject({ enrollmentType: 'TeacherEnrollment', subtitle: 'enrolled as: Teacher', canManage: true });
    const observerCards = (await api(server, c.observer.token, 'GET', '/api/v1/dashboard/dashboard_cards')).json as Json[];
    expect(observerCards[0]).toMatchObject({ enrollmentType: 'ObserverEnrollment', observee: 'Amy Student' });
    expect((await api(server, c.outsider.token, 'GET', '/api/v1/dashboard/dashboard_cards')).json).toEqual([]);
    expect((await api(server, undefined, 'GET', '/api/v1/dashboard/dashboard_cards')).status).toBe(401);
  });

  it("the dashboard's colours, card order and favourite courses read as for a user who set none", async () => {
    expect(await app('/api/v1/users/self/colors')).toEqual({ custom_colors: {} });
    expect(await app(`/api/v1/users/${c.studentA.id}/dashboard_positions`)).toEqual({ dashboard_positions: {} });
    expect((await api(server, c.studentA.token, 'GET', `/api/v1/users/${c.studentB.id}/colors`)).status).toBe(401);
    const favorites = (await app('/api/v1/users/self/favorites/courses?include[]=term')) as Json[];
    expect(favorites.map((f) => f.id)).toEqual([String(c.id)]);
    expect(favorites[0]!.term).toMatchObject({ id: '1' });
  });

  it('the course list with the includes the apps ask for has a term with an id and the student totals', async () => {
    const includes = ['course_image', 'current_grading_period_scores', 'favorites', 'concluded', 'needs_grading_count', 'observed_users', 'sections', 'syllabus_body', 'tabs', 'term', 'total_scores', 'banner_image', 'settings', 'grading_periods'];
    const query = includes.map((i) => `include[]=${i}`).join('&');
    const courses = (await app(`/api/v1/courses?${query}&state[]=available&state[]=completed&per_page=10`)) as Json[];
    expect(courses).toHaveLength(1);
    const course = courses[0]!;
    expect(course).toMatchObject({ id: String(c.id), name: 'Oceanography', enrollment_term_id: '1', concluded: false });
    expect(course.term).toMatchObject({ id: '1', name: 'Default Term' });
    const [enrollment] = course.enrollments as Json[];
    expect(enrollment).toMatchObject({ type: 'student', enrollment_state: 'active', computed_current_score: 80 });
  });

  it('modules with items and content details show the student their progression', async () => {
    const modules = (await app(`/api/v1/courses/${c.id}/modules?include[]=items&include[]=content_details&per_page=99`)) as Json[];
    expect(modules).toHaveLength(1);
    expect(modules[0]).toMatchObject({ name: 'Week 1', state: 'completed', items_count: 1 });
    const [item] = modules[0]!.items as Json[];
    expect(item).toMatchObject({
      type: 'Assignment',
      content_id: String(graded.id),
      completion_requirement: { type: 'must_submit', completed: true },
    });
    expect(item!.content_details).toMatchObject({ points_possible: 10 });
  });

  it('the assignment with its submission, and the grades screen, show the posted grade with posted_at', async () => {
    const assignment = (await app(`/api/v1/courses/${c.id}/assignments/${String(graded.id)}?include[]=submission&include[]=observed_users&include[]=can_submit&include[]=score_statistics&needs_grading_count_by_section=true`)) as Json;
    expect(assignment).toMatchObject({ id: String(graded.id), name: 'Tide report', points_possible: 10 });
    const submission = assignment.submission as Json;
    expect(submission).toMatchObject({ score: 8, grade: '8', workflow_state: 'graded', user_id: String(c.studentA.id) });
    expect(typeof submission.posted_at).toBe('string');

    const grades = (await app(`/api/v1/courses/${c.id}/students/submissions?student_ids[]=self&include[]=assignment&per_page=100`)) as Json[];
    expect(grades).toHaveLength(1);
    expect(grades[0]).toMatchObject({ score: 8, assignment_id: String(graded.id) });
    expect(typeof grades[0]!.posted_at).toBe('string');
  });

  it('the planner and the announcements list the course', async () => {
    const planner = (await app(`/api/v1/planner/items?start_date=2000-01-01&end_date=2100-01-01&context_codes[]=course_${c.id}&context_codes[]=user_self&per_page=100`)) as Json[];
    const [entry] = planner.filter((p) => p.plannable_type === 'assignment');
    expect(entry).toMatchObject({ course_id: String(c.id), plannable_id: String(graded.id), context_type: 'Course' });
    expect(entry!.submissions).toMatchObject({ submitted: true, graded: true });

    const announcements = (await app(`/api/v1/announcements?context_codes[]=course_${c.id}&per_page=100`)) as Json[];
    expect(announcements.map((a) => a.title)).toEqual(['Field trip Friday']);
    expect(announcements[0]).toMatchObject({ context_code: `course_${c.id}` });
  });
});
