import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'flow-admin-token';

/**
 * Issue 4's "done when": a third-party Canvas client, through the endpoints alone, creates a course, a section,
 * users, enrollments, an assignment and tokens, then lists them back page by page by following Link headers —
 * with form-encoded brackets, as most Canvas client libraries send them.
 */
describe('a Canvas client setting up a course from scratch', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
  });
  afterAll(() => server.stop());

  async function form(token: string, path: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(200);
    return body;
  }

  /** Follows rel="next" until there is none, as clients do; returns every page's ids in order. */
  async function allPages(token: string, path: string): Promise<number[][]> {
    const pages: number[][] = [];
    let url: string | undefined = server.url + path;
    while (url) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, url).toBe(200);
      pages.push(((await res.json()) as Array<{ id: number }>).map((item) => item.id));
      url = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
      expect(pages.length).toBeLessThan(50);
    }
    return pages;
  }

  it('creates everything through the API and reads it back page by page', async () => {
    const course = await form(ADMIN, '/api/v1/accounts/self/courses', {
      'course[name]': 'Marine Biology',
      'course[course_code]': 'BIO 210',
      'course[sis_course_id]': 'BIO-210',
      offer: 'true',
    });
    const section = await form(ADMIN, `/api/v1/courses/${String(course.id)}/sections`, { 'course_section[name]': 'Lab group' });

    const users: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const user = await form(ADMIN, '/api/v1/accounts/self/users', {
        'user[name]': `Student ${i}`,
        'pseudonym[unique_id]': `student${i}@example.test`,
      });
      users.push(user.id as number);
      await form(ADMIN, `/api/v1/sections/${String(section.id)}/enrollments`, {
        'enrollment[user_id]': String(user.id),
        'enrollment[type]': 'StudentEnrollment',
        'enrollment[enrollment_state]': 'active',
      });
    }
    const teacher = await form(ADMIN, '/api/v1/accounts/self/users', {
      'user[name]': 'Rachel Carson',
      'pseudonym[unique_id]': 'rcarson@example.test',
    });
    await form(ADMIN, `/api/v1/courses/sis_course_id:BIO-210/enrollments`, {
      'enrollment[user_id]': String(teacher.id),
      'enrollment[type]': 'TeacherEnrollment',
      'enrollment[enrollment_state]': 'active',
    });
    const { visible_token: teacherToken } = (await form(ADMIN, `/api/v1/users/${String(teacher.id)}/tokens`, {
      'token[purpose]': 'grading tool',
    })) as { visible_token: string };

    // The teacher's own token now drives the course.
    const assignment = await form(teacherToken, `/api/v1/courses/${String(course.id)}/assignments`, {
      'assignment[name]': 'Tide pool survey',
      'assignment[points_possible]': '25',
      'assignment[grading_type]': 'points',
      'assignment[submission_types][]': 'online_upload',
      'assignment[published]': 'true',
    });
    expect(assignment).toMatchObject({ name: 'Tide pool survey', points_possible: 25, published: true });

    const studentPages = await allPages(teacherToken, `/api/v1/courses/${String(course.id)}/users?enrollment_type[]=student&per_page=2`);
    expect(studentPages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(studentPages.flat().sort()).toEqual([...users].sort());

    const enrollmentPages = await allPages(teacherToken, `/api/v1/sections/${String(section.id)}/enrollments?per_page=2`);
    expect(enrollmentPages.flat()).toHaveLength(5);

    const courses = await allPages(teacherToken, '/api/v1/courses?per_page=1');
    expect(courses.flat()).toEqual([course.id]);
    const assignments = await allPages(teacherToken, `/api/v1/courses/${String(course.id)}/assignments?per_page=1`);
    expect(assignments.flat()).toEqual([assignment.id]);
  });
});
