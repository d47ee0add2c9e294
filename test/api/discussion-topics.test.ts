import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createContentCourse, createDiscussionTopic, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('discussion topics API', () => {
  let server: TestServer;
  let course: ContentCourse;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'topics-admin' });
    course = await createContentCourse(server);
    base = `/api/v1/courses/${course.id}/discussion_topics`;
  });
  afterAll(() => server.stop());

  it('401 with WWW-Authenticate without a token', async () => {
    for (const [method, path] of [['GET', base], ['POST', base], ['GET', `${base}/1`]] as const) {
      const res = await api(server, undefined, method, path);
      expectInvalidToken(res, `${method} ${path}`);
    }
  });

  it('401 unauthorized for outsiders, and for students posting announcements or graded topics', async () => {
    for (const res of [
      await api(server, course.outsider.token, 'GET', base),
      await api(server, course.outsider.token, 'POST', base, { title: 'x' }),
      await api(server, course.student.token, 'POST', base, { title: 'x', is_announcement: true }),
      await api(server, course.student.token, 'POST', base, { title: 'x', assignment: { points_possible: 5 } }),
    ]) {
      expectUnauthorized(res);
    }
  });

  it('a teacher creates a graded, pinned topic with its discussion_topic assignment', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, {
      title: 'Week 1',
      message: '<p>Introduce yourself</p>',
      published: true,
      pinned: true,
      discussion_type: 'threaded',
      assignment: { points_possible: 10, due_at: '2030-01-08T00:00:00Z' },
    });
    expect(topic).toMatchObject({ title: 'Week 1', message: '<p>Introduce yourself</p>', published: true, pinned: true, discussion_type: 'threaded', is_announcement: false });
    expect(topic.html_url).toBe(`${server.url}/courses/${course.id}/discussion_topics/${topic.id}`);
    const assignment = await api(server, course.student.token, 'GET', `/api/v1/courses/${course.id}/assignments/${topic.assignment_id as number}`);
    expect(assignment.json).toMatchObject({ name: 'Week 1', submission_types: ['discussion_topic'], points_possible: 10, discussion_topic_id: topic.id });
  });

  it('students post published, unpinned topics; teacher drafts stay hidden from them', async () => {
    const mine = await createDiscussionTopic(server, course.student.token, course.id, { title: 'Question', published: false, pinned: true });
    expect(mine).toMatchObject({ published: true, pinned: false, user_id: course.student.id });
    const draft = await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'Draft', published: false });
    expect((await api(server, course.student.token, 'GET', `${base}/${draft.id}`)).status).toBe(404);
    expect((await api(server, course.teacher.token, 'GET', `${base}/${draft.id}`)).json).toMatchObject({ published: false });
  });

  it('announcements are listed only with only_announcements', async () => {
    const news = await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'News', is_announcement: true, published: false });
    expect(news).toMatchObject({ is_announcement: true, published: true });
    const topics = (await api(server, course.student.token, 'GET', `${base}?per_page=100`)).json as { id: number }[];
    expect(topics.map((t) => t.id)).not.toContain(news.id);
    const only = (await api(server, course.student.token, 'GET', `${base}?only_announcements=true`)).json as { id: number }[];
    expect(only.map((t) => t.id)).toEqual([news.id]);
  });

  it('400 on bad input', async () => {
    for (const [body, field] of [
      [{ title: 'x', discussion_type: 'flat' }, 'discussion_type'],
      [{ title: 'x', delayed_post_at: 'soon' }, 'delayed_post_at'],
      [{ title: 'x', assignment: { points_possible: 'lots' } }, 'points_possible'],
    ] as const) {
      const res = await api(server, course.teacher.token, 'POST', base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.json as { errors: object }).errors).toHaveProperty(field);
    }
  });

  it('lists pinned first, then newest, with the exact Link header', async () => {
    const other = await createContentCourse(server, 'Forum');
    for (const title of ['A', 'B', 'C']) await createDiscussionTopic(server, other.teacher.token, other.id, { title, published: true });
    await createDiscussionTopic(server, other.teacher.token, other.id, { title: 'Pinned', pinned: true, published: true });
    const path = `/api/v1/courses/${other.id}/discussion_topics`;
    const res = await api(server, other.student.token, 'GET', `${path}?per_page=3`);
    expect((res.json as { title: string }[]).map((t) => t.title)).toEqual(['Pinned', 'C', 'B']);
    const url = (page: number) => `<${server.url}${path}?page=${page}&per_page=3>`;
    expect(res.headers.get('link')).toBe(`${url(1)}; rel="current",${url(2)}; rel="next",${url(1)}; rel="first",${url(2)}; rel="last"`);
    // Entries and read states are loaded for the page's topics: each topic still counts its own.
    const [a] = (await api(server, other.student.token, 'GET', `${path}?per_page=3&page=2`)).json as { id: number; title: string }[];
    expect(a!.title).toBe('A');
    for (const message of ['one', 'two']) expect((await api(server, other.student.token, 'POST', `${path}/${a!.id}/entries`, { message })).status).toBe(201);
    const counts = async (page: number) =>
      ((await api(server, other.teacher.token, 'GET', `${path}?per_page=3&page=${page}`)).json as { title: string; discussion_subentry_count: number; unread_count: number }[])
        .map((t) => [t.title, t.discussion_subentry_count, t.unread_count]);
    expect([...(await counts(1)), ...(await counts(2))]).toEqual([['Pinned', 0, 0], ['C', 0, 0], ['B', 0, 0], ['A', 2, 2]]);
  });

  describe('changing and deleting a topic (moderators)', () => {
    const topicAt = async (id: number, token = course.teacher.token) => api(server, token, 'GET', `${base}/${id}`);

    it('changes only the fields sent; pin, lock and publish in place; students and outsiders may not', async () => {
      const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'Field trip', message: '<p>Bring boots</p>', published: false });
      for (const token of [course.student.token, course.outsider.token]) expectUnauthorized(await api(server, token, 'PUT', `${base}/${topic.id}`, { title: 'x' }));
      expectUnauthorized(await api(server, course.student.token, 'DELETE', `${base}/${topic.id}`));

      const res = await api(server, course.teacher.token, 'PUT', `${base}/${topic.id}`, { pinned: true, locked: 'true', published: true });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: topic.id, title: 'Field trip', message: '<p>Bring boots</p>', pinned: true, locked: true, published: true });
      expect((res.json as { posted_at: string | null }).posted_at).not.toBeNull();
      const renamed = await api(server, course.teacher.token, 'PUT', `${base}/${topic.id}`, { title: 'Field trip (Friday)', message: '<p>Boots</p><script>x()</script>', pinned: false });
      expect(renamed.json).toMatchObject({ title: 'Field trip (Friday)', message: '<p>Boots</p>', pinned: false, locked: true });
      expect((await topicAt(topic.id, course.student.token)).json).toMatchObject({ title: 'Field trip (Friday)' });
      expect((await api(server, course.teacher.token, 'PUT', `${base}/${topic.id}`, { lock_at: 'soon' })).status).toBe(400);
    });

    it('refuses to unpublish a topic with posts, and keeps announcements published', async () => {
      const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'Busy', published: true });
      expect((await api(server, course.student.token, 'POST', `${base}/${topic.id}/entries`, { message: 'Hi' })).status).toBe(201);
      const refused = await api(server, course.teacher.token, 'PUT', `${base}/${topic.id}`, { published: false, title: 'Renamed' });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json)).toContain('This topic cannot be set to draft state because it contains posts.');
      expect((await topicAt(topic.id)).json).toMatchObject({ title: 'Busy', published: true });

      const news = await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'News', is_announcement: true });
      expect((await api(server, course.teacher.token, 'PUT', `${base}/${news.id}`, { published: false })).json).toMatchObject({ published: true, is_announcement: true });
    });

    it('a graded topic’s assignment follows its title and state, and is deleted with it', async () => {
      const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'Graded', published: false, assignment: { points_possible: 5 } });
      const assignmentPath = `/api/v1/courses/${course.id}/assignments/${topic.assignment_id as number}`;
      await api(server, course.teacher.token, 'PUT', `${base}/${topic.id}`, { title: 'Graded debate', published: true });
      expect((await api(server, course.teacher.token, 'GET', assignmentPath)).json).toMatchObject({ name: 'Graded debate', published: true });

      const deleted = await api(server, course.teacher.token, 'DELETE', `${base}/${topic.id}`);
      expect(deleted.status).toBe(204);
      expect((await topicAt(topic.id)).status).toBe(404);
      expect((await api(server, course.teacher.token, 'GET', assignmentPath)).status).toBe(404);
      expect((await api(server, course.teacher.token, 'DELETE', `${base}/${topic.id}`)).status).toBe(404);
    });
  });
});
