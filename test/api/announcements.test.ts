import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createDiscussionTopic } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Topic = { id: number; title: string; context_code: string; read_state: string; unread_count: number; locked_for_user: boolean; permissions: { reply: boolean }; sections?: { id: number }[]; is_section_specific: boolean };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (time: number) => new Date(time).toISOString();

/** Announcements: discussion topics with is_announcement, listed across courses by GET /api/v1/announcements. */
describe('announcements API', () => {
  let server: TestServer;
  let course: RosterCourse;
  let other: RosterCourse;
  const list = (token: string, query: string) => api(server, token, 'GET', `/api/v1/announcements?${query}`);
  const titles = async (token: string, query: string) => {
    const res = await list(token, query);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json as Topic[]).map((t) => t.title);
  };
  const announce = (who: RosterCourse, fields: Record<string, unknown>) => createDiscussionTopic(server, who.teacher.token, who.id, { is_announcement: true, ...fields });
  const code = () => `context_codes[]=course_${course.id}`;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'announcements-admin' });
    course = await createRosterCourse(server, 'News 1');
    other = await createRosterCourse(server, 'News 2');
    await announce(course, { title: 'Welcome', message: '<p>Hello</p><script>x()</script>' });
    await announce(course, { title: 'Old news', delayed_post_at: iso(Date.now() - 20 * DAY) });
    await announce(course, { title: 'Tomorrow', delayed_post_at: iso(Date.now() + DAY) });
    await announce(course, { title: 'Section B only', specific_sections: String(course.sectionB) });
    await announce(other, { title: 'Other course' });
    await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'A plain discussion', published: true });
  });
  afterAll(() => server.stop());

  it('401 without a token, 401 for a course the caller cannot read, 404 for an unknown one', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', `/api/v1/announcements?${code()}`));
    expectUnauthorized(await list(course.outsider.token, code()));
    // Every course named must be readable: one foreign course refuses the whole list.
    expectUnauthorized(await list(course.studentA.token, `${code()}&context_codes[]=course_${other.id}`));
    expectNotFound(await list(course.studentA.token, 'context_codes[]=course_999999'));
  });

  it('400 without context_codes, with a code that is not a course, a bad date or an inverted window', async () => {
    for (const query of ['', 'context_codes[]=user_1', `${code()}&start_date=soon`, `${code()}&start_date=2026-02-01&end_date=2026-01-01`]) {
      const res = await list(course.studentA.token, query);
      expect(res.status, query).toBe(400);
    }
  });

  it('lists the posted announcements of the last 14 days, newest first, and no plain discussions', async () => {
    expect(await titles(course.studentA.token, code())).toEqual(['Welcome']);
    const [welcome] = (await list(course.studentA.token, code())).json as Topic[];
    expect(welcome).toMatchObject({ context_code: `course_${course.id}`, read_state: 'unread', is_section_specific: false });
    expect((await api(server, course.studentA.token, 'GET', `/api/v1/courses/${course.id}/discussion_topics/${welcome!.id}`)).json).toMatchObject({ message: '<p>Hello</p>' });
    // The observer reads what their student's section reads.
    expect(await titles(course.observer.token, code())).toEqual(['Welcome']);
    // Without end_date the window is 28 days from start_date, as Canvas's.
    expect(await titles(course.studentA.token, `${code()}&start_date=${iso(Date.now() - 30 * DAY)}`)).toEqual(['Old news']);
    expect(await titles(course.studentA.token, `${code()}&start_date=${iso(Date.now() - 30 * DAY)}&end_date=${iso(Date.now() + HOUR)}`)).toEqual(['Welcome', 'Old news']);
    expect(await titles(course.studentA.token, `${code()}&start_date=${iso(Date.now() - 30 * DAY)}&end_date=${iso(Date.now() - 10 * DAY)}`)).toEqual(['Old news']);
  });

  it('a delayed announcement is hidden from students until its post time; teachers see it unless active_only', async () => {
    const ahead = `${code()}&end_date=${iso(Date.now() + 2 * DAY)}`;
    expect(await titles(course.studentA.token, ahead)).toEqual(['Welcome']);
    expect(await titles(course.teacher.token, ahead)).toEqual(['Tomorrow', 'Section B only', 'Welcome']);
    expect(await titles(course.teacher.token, `${ahead}&active_only=true`)).toEqual(['Section B only', 'Welcome']);
    const [tomorrow] = (await list(course.teacher.token, ahead)).json as Topic[];
    expectNotFound(await api(server, course.studentA.token, 'GET', `/api/v1/courses/${course.id}/discussion_topics/${tomorrow!.id}`));
    const topics = (await api(server, course.studentA.token, 'GET', `/api/v1/courses/${course.id}/discussion_topics?only_announcements=true`)).json as Topic[];
    expect(topics.map((t) => t.title)).not.toContain('Tomorrow');
  });

  it('a section-specific announcement reaches that section only; include[]=sections names it', async () => {
    expect(await titles(course.studentB.token, code())).toEqual(['Section B only', 'Welcome']);
    expect(await titles(course.studentA.token, code())).not.toContain('Section B only');
    const specific = ((await list(course.teacher.token, `${code()}&include[]=sections`)).json as Topic[]).find((t) => t.title === 'Section B only');
    expect(specific).toMatchObject({ title: 'Section B only', is_section_specific: true, sections: [{ id: course.sectionB }] });
    expectNotFound(await api(server, course.studentA.token, 'GET', `/api/v1/courses/${course.id}/discussion_topics/${specific!.id}`));
    // Canvas's `all` means the whole course again.
    const whole = await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/discussion_topics/${specific!.id}`, { specific_sections: 'all' });
    expect(whole.json).toMatchObject({ is_section_specific: false });
    expect(await titles(course.studentA.token, code())).toContain('Section B only');
  });

  it('the planner lists only the announcements the student may read', async () => {
    const query = `/api/v1/planner/items?context_codes[]=course_${course.id}&start_date=${iso(Date.now() - DAY)}&end_date=${iso(Date.now() + 2 * DAY)}&per_page=100`;
    const planned = async (token: string) =>
      ((await api(server, token, 'GET', query)).json as { plannable_type: string; plannable: { title: string } }[]).filter((i) => i.plannable_type === 'announcement').map((i) => i.plannable.title);
    const forA = await planned(course.studentA.token);
    expect(forA).toContain('Welcome');
    expect(forA).not.toContain('Tomorrow');
    expect(await planned(course.studentB.token)).toEqual(expect.arrayContaining(['Welcome', 'Section B only']));
  });

  it('400 for sections of another course or a malformed list; 401 for students choosing sections', async () => {
    const base = `/api/v1/courses/${course.id}/discussion_topics`;
    for (const specific_sections of [String(other.sectionB), 'one,two']) {
      const res = await api(server, course.teacher.token, 'POST', base, { title: 'x', is_announcement: true, specific_sections });
      expect(res.status, specific_sections).toBe(400);
      expect((res.json as { errors: object }).errors).toHaveProperty('specific_sections');
    }
    expectUnauthorized(await api(server, course.studentA.token, 'POST', base, { title: 'x', specific_sections: String(course.sectionB) }));
    expect(await titles(course.teacher.token, code())).not.toContain('x');
  });

  it('latest_only keeps the newest announcement of each course; pages carry the Link header', async () => {
    await announce(other, { title: 'Other course, later' });
    const both = `${code()}&context_codes[]=course_${other.id}`;
    // An admin reads both courses; active_only leaves out the delayed one, which is the latest otherwise.
    expect(await titles('announcements-admin', `${both}&latest_only=true`)).toEqual(['Tomorrow', 'Other course, later']);
    expect(await titles('announcements-admin', `${both}&latest_only=true&active_only=true`)).toEqual(['Other course, later', 'Section B only']);
    const page = await list('announcements-admin', `${both}&per_page=1`);
    expect((page.json as Topic[]).length).toBe(1);
    expect(page.headers.get('link')).toContain('rel="next"');
  });

  it('students reply while the announcement is open, not after lock_at; read state is their own', async () => {
    const news = await announce(course, { title: 'Reply here' });
    const closed = await announce(course, { title: 'Closed', lock_at: iso(Date.now() - HOUR) });
    const entries = (id: number) => `/api/v1/courses/${course.id}/discussion_topics/${id}/entries`;
    expect((await api(server, course.studentA.token, 'POST', entries(news.id), { message: 'Thanks' })).status).toBe(201);
    expectUnauthorized(await api(server, course.studentA.token, 'POST', entries(closed.id), { message: 'Late' }));
    expectUnauthorized(await api(server, course.observer.token, 'POST', entries(news.id), { message: 'Observer' }));
    const shown = (await list(course.studentB.token, code())).json as Topic[];
    expect(shown.find((t) => t.title === 'Closed')).toMatchObject({ locked_for_user: true, permissions: { reply: false } });
    expect(shown.find((t) => t.title === 'Reply here')).toMatchObject({ read_state: 'unread', unread_count: 1 });
    expect((await api(server, course.studentB.token, 'PUT', `/api/v1/courses/${course.id}/discussion_topics/${news.id}/read_all`)).status).toBe(204);
    const read = ((await list(course.studentB.token, code())).json as Topic[]).find((t) => t.title === 'Reply here');
    expect(read).toMatchObject({ read_state: 'read', unread_count: 0 });
    const forA = ((await list(course.studentA.token, code())).json as Topic[]).find((t) => t.title === 'Reply here');
    expect(forA).toMatchObject({ read_state: 'unread' });
  });
});
