import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createDiscussionTopic } from '../helpers/content-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Json = Record<string, unknown> & { id: number };

/**
 * Discussion entries as Canvas's Discussion Topics API documents them: entries and replies (form-encoded
 * `message=` as Canvas's examples send it, and JSON), the threaded view, read state and ratings.
 */
describe('discussion entries API', () => {
  let server: TestServer;
  let course: RosterCourse;
  let topicPath: (topicId: number) => string;

  const post = async (who: FixtureUser, path: string, message: string): Promise<Json> => {
    const res = await formApi(server, who.token, 'POST', path, new URLSearchParams({ message }).toString());
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as Json;
  };
  const get = async (who: FixtureUser, path: string) => {
    const res = await api(server, who.token, 'GET', path);
    expect(res.status, `${path} ${JSON.stringify(res.json)}`).toBe(200);
    return res.json as Json & Json[];
  };
  const send = (who: FixtureUser, method: string, path: string, body?: unknown) => api(server, who.token, method, path, body);

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'entries-admin' });
    course = await createRosterCourse(server, 'Forum 101');
    topicPath = (id) => `/api/v1/courses/${course.id}/discussion_topics/${id}`;
  });
  afterAll(() => server.stop());

  it('every route asks for a token, and outsiders get 401 unauthorized', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true });
    const t = topicPath(topic.id);
    const routes = [
      ['GET', `${t}/entries`], ['POST', `${t}/entries`], ['PUT', `${t}/entries/1`], ['DELETE', `${t}/entries/1`],
      ['GET', `${t}/entries/1/replies`], ['POST', `${t}/entries/1/replies`], ['GET', `${t}/view`],
      ['PUT', `${t}/read`], ['DELETE', `${t}/read`], ['PUT', `${t}/read_all`], ['DELETE', `${t}/read_all`],
      ['PUT', `${t}/entries/1/read`], ['DELETE', `${t}/entries/1/read`], ['POST', `${t}/entries/1/rating`],
    ] as const;
    for (const [method, path] of routes) {
      expectInvalidToken(await api(server, undefined, method, path), `${method} ${path}`);
      expectUnauthorized(await send(course.outsider, method, path, method === 'GET' ? undefined : {}), `${method} ${path}`);
    }
  });

  it('posts an entry form-encoded as Canvas documents (201), sanitizes its HTML and names its author', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true, title: 'Intro' });
    const entry = await post(course.studentA, `${topicPath(topic.id)}/entries`, '<p>Hello <script>alert(1)</script><b>all</b></p>');
    expect(entry).toEqual({
      id: expect.any(Number),
      parent_id: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      rating_count: null,
      rating_sum: null,
      user_id: course.studentA.id,
      message: '<p>Hello <b>all</b></p>',
      user_name: 'Amy Student',
      read_state: 'read',
      forced_read_state: false,
    });
    // JSON bodies are the same request.
    const json = await send(course.studentB, 'POST', `${topicPath(topic.id)}/entries`, { message: '<p>Hi</p>' });
    expect(json.status).toBe(201);
    expect(json.json).toMatchObject({ user_id: course.studentB.id, message: '<p>Hi</p>', read_state: 'read' });
  });

  it('topics carry their author, entry count, last reply and the caller’s unread count', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true });
    const first = await post(course.studentA, `${topicPath(topic.id)}/entries`, 'one');
    await post(course.studentB, `${topicPath(topic.id)}/entries/${first.id}/replies`, 'two');
    const seen = await get(course.studentA, topicPath(topic.id));
    expect(seen).toMatchObject({
      user_id: course.teacher.id,
      user_name: 'Tess Teacher',
      author: { id: course.teacher.id, display_name: 'Tess Teacher', avatar_image_url: `${server.url}/images/messages/avatar-50.png`, html_url: `${server.url}/courses/${course.id}/users/${course.teacher.id}` },
      discussion_subentry_count: 2,
      unread_count: 1,
      read_state: 'unread',
      user_can_see_posts: true,
      permissions: { reply: true },
    });
    expect(Date.parse(seen.last_reply_at as string)).toBeGreaterThanOrEqual(Date.parse(first.created_at as string));
    expect(await get(course.teacher, topicPath(topic.id))).toMatchObject({ read_state: 'read', unread_count: 2 });
    const listed = (await get(course.studentB, `/api/v1/courses/${course.id}/discussion_topics`)).find((t) => t.id === topic.id);
    expect(listed).toMatchObject({ discussion_subentry_count: 2, unread_count: 1, author: { id: course.teacher.id } });
    // Observers read but do not post.
    expect(await get(course.observer, topicPath(topic.id))).toMatchObject({ permissions: { reply: false } });
    expectUnauthorized(await send(course.observer, 'POST', `${topicPath(topic.id)}/entries`, { message: 'x' }));
  });

  it('lists top-level entries newest first with their newest replies, and every reply of a thread', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true, discussion_type: 'threaded' });
    const t = topicPath(topic.id);
    const older = await post(course.studentA, `${t}/entries`, 'older');
    const newer = await post(course.studentB, `${t}/entries`, 'newer');
    const reply = await post(course.studentB, `${t}/entries/${older.id}/replies`, 'reply');
    const nested = await post(course.teacher, `${t}/entries/${reply.id}/replies`, 'nested');
    expect(nested).toMatchObject({ parent_id: reply.id, user_id: course.teacher.id });

    const roots = await get(course.studentA, `${t}/entries`);
    expect(roots.map((e) => e.id)).toEqual([newer.id, older.id]);
    expect(roots[0]).not.toHaveProperty('recent_replies');
    expect(roots[1]).toMatchObject({ has_more_replies: false, recent_replies: [{ id: nested.id, parent_id: reply.id }, { id: reply.id, parent_id: older.id, read_state: 'unread' }] });

    const replies = await get(course.studentA, `${t}/entries/${older.id}/replies`);
    expect(replies.map((e) => e.id)).toEqual([nested.id, reply.id]);
    // Replies are listed per top-level entry; a reply's id names no thread.
    expectNotFound(await send(course.studentA, 'GET', `${t}/entries/${reply.id}/replies`));
    expectNotFound(await send(course.studentA, 'POST', `${t}/entries/999999/replies`, { message: 'x' }));
  });

  it('pages entries with Canvas’s Link header, and shows 10 recent replies with has_more_replies', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true });
    const t = topicPath(topic.id);
    const root = await post(course.studentA, `${t}/entries`, 'root');
    for (let i = 0; i < 11; i++) await post(course.studentB, `${t}/entries/${root.id}/replies`, `reply ${i}`);
    await post(course.studentB, `${t}/entries`, 'second root');
    const res = await send(course.studentA, 'GET', `${t}/entries?per_page=1`);
    const url = (page: number) => `<${server.url}${t}/entries?page=${page}&per_page=1>`;
    expect(res.headers.get('link')).toBe(`${url(1)}; rel="current",${url(2)}; rel="next",${url(1)}; rel="first",${url(2)}; rel="last"`);
    const [withReplies] = (await send(course.studentA, 'GET', `${t}/entries?page=2&per_page=1`)).json as Json[];
    expect(withReplies).toMatchObject({ id: root.id, has_more_replies: true });
    expect((withReplies!.recent_replies as Json[]).map((r) => r.message)).toEqual(Array.from({ length: 10 }, (_, i) => `reply ${10 - i}`));
    expect(await get(course.studentA, `${t}/entries/${root.id}/replies?per_page=100`)).toHaveLength(11);
  });

  it('the view nests every entry under its parent, with participants and the caller’s unread entries', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true, discussion_type: 'threaded' });
    const t = topicPath(topic.id);
    const a = await post(course.studentA, `${t}/entries`, 'a');
    const b = await post(course.studentB, `${t}/entries/${a.id}/replies`, 'b');
    const c = await post(course.teacher, `${t}/entries`, 'c');
    const view = await get(course.studentA, `${t}/view`);
    expect(view).toEqual({
      unread_entries: [b.id, c.id],
      forced_entries: [],
      entry_ratings: {},
      participants: [course.teacher.id, course.studentA.id, course.studentB.id].sort((x, y) => x - y).map((id) => ({
        id,
        display_name: expect.any(String),
        avatar_image_url: `${server.url}/images/messages/avatar-50.png`,
        html_url: `${server.url}/courses/${course.id}/users/${id}`,
      })),
      view: [
        { ...pick(a), message: 'a', user_id: course.studentA.id, replies: [{ ...pick(b), message: 'b', user_id: course.studentB.id, replies: [] }] },
        { ...pick(c), message: 'c', user_id: course.teacher.id, replies: [] },
      ],
      new_entries: [],
    });
  });

  it('read and unread: the topic, one entry (forced), and everything at once; 204 with an empty body', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true });
    const t = topicPath(topic.id);
    const a = await post(course.studentA, `${t}/entries`, 'a');
    const b = await post(course.studentB, `${t}/entries`, 'b');
    const c = await post(course.teacher, `${t}/entries`, 'c');
    const unread = async () => (await get(course.studentA, `${t}/view`)).unread_entries as number[];
    expect(await unread()).toEqual([b.id, c.id]);

    const markB = await formApi(server, course.studentA.token, 'PUT', `${t}/entries/${b.id}/read`, 'forced_read_state=true');
    expect(markB).toMatchObject({ status: 204, json: undefined });
    expect(await unread()).toEqual([c.id]);
    expect((await get(course.studentA, `${t}/view`)).forced_entries).toEqual([b.id]);
    expect((await get(course.studentA, `${t}/entries`)).find((e) => e.id === b.id)).toMatchObject({ read_state: 'read', forced_read_state: true });
    expect(await get(course.studentA, t)).toMatchObject({ unread_count: 1, read_state: 'unread' });

    expect((await send(course.studentA, 'PUT', `${t}/read`)).status).toBe(204);
    expect(await get(course.studentA, t)).toMatchObject({ read_state: 'read', unread_count: 1 });
    expect((await send(course.studentA, 'DELETE', `${t}/read`)).status).toBe(204);
    expect(await get(course.studentA, t)).toMatchObject({ read_state: 'unread' });

    expect((await send(course.studentA, 'PUT', `${t}/read_all`)).status).toBe(204);
    expect(await unread()).toEqual([]);
    expect(await get(course.studentA, t)).toMatchObject({ read_state: 'read', unread_count: 0 });
    // Without forced_read_state the forced flags stay as they were.
    expect((await get(course.studentA, `${t}/view`)).forced_entries).toEqual([b.id]);

    expect((await formApi(server, course.studentA.token, 'DELETE', `${t}/read_all`, 'forced_read_state=false')).status).toBe(204);
    expect(await unread()).toEqual([a.id, b.id, c.id]);
    expect((await get(course.studentA, `${t}/view`)).forced_entries).toEqual([]);
    expect(await get(course.studentA, t)).toMatchObject({ read_state: 'unread', unread_count: 3 });
    // One reader's marks are theirs alone.
    expect((await get(course.studentB, `${t}/view`)).unread_entries).toEqual([a.id, c.id]);
    expect((await send(course.studentA, 'DELETE', `${t}/entries/${a.id}/read`)).status).toBe(204);
    expectNotFound(await send(course.studentA, 'PUT', `${t}/entries/999999/read`));
  });

  it('rating: only where the topic allows it (and only graders, if it says so); totals on the entry, own ratings in the view', async () => {
    const plain = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true });
    const entry = await post(course.studentA, `${topicPath(plain.id)}/entries`, 'rate me');
    expectUnauthorized(await formApi(server, course.studentB.token, 'POST', `${topicPath(plain.id)}/entries/${entry.id}/rating`, 'rating=1'));

    const liked = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true, allow_rating: true, sort_by_rating: true });
    expect(liked).toMatchObject({ allow_rating: true, only_graders_can_rate: false, sort_by_rating: true });
    const t = topicPath(liked.id);
    const target = await post(course.studentA, `${t}/entries`, 'like me');
    expect(await formApi(server, course.studentB.token, 'POST', `${t}/entries/${target.id}/rating`, 'rating=1')).toMatchObject({ status: 204, json: undefined });
    expect((await send(course.teacher, 'POST', `${t}/entries/${target.id}/rating`, { rating: 1 })).status).toBe(204);
    expect((await get(course.studentA, `${t}/entries`))[0]).toMatchObject({ rating_count: 2, rating_sum: 2 });
    expect((await get(course.studentB, `${t}/view`)).entry_ratings).toEqual({ [String(target.id)]: 1 });
    // Withdrawing a like keeps the rater counted, as Canvas counts every rating given.
    expect((await send(course.studentB, 'POST', `${t}/entries/${target.id}/rating`, { rating: 0 })).status).toBe(204);
    expect((await get(course.studentA, `${t}/view`)).view).toMatchObject([{ id: target.id, rating_count: 2, rating_sum: 1 }]);
    expect((await get(course.studentB, `${t}/view`)).entry_ratings).toEqual({ [String(target.id)]: 0 });
    const bad = await formApi(server, course.studentB.token, 'POST', `${t}/entries/${target.id}/rating`, 'rating=2');
    expect(bad).toMatchObject({ status: 400, json: { errors: { rating: 'Invalid rating given' } } });

    const graders = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true, allow_rating: true, only_graders_can_rate: true });
    const g = await post(course.studentA, `${topicPath(graders.id)}/entries`, 'graders only');
    expectUnauthorized(await send(course.studentB, 'POST', `${topicPath(graders.id)}/entries/${g.id}/rating`, { rating: 1 }));
    expect((await send(course.ta, 'POST', `${topicPath(graders.id)}/entries/${g.id}/rating`, { rating: 1 })).status).toBe(204);
  });

  it('authors and moderators edit and delete; a deleted entry stays in the view without message or author', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true });
    const t = topicPath(topic.id);
    const entry = await post(course.studentA, `${t}/entries`, 'first draft');
    const reply = await post(course.studentB, `${t}/entries/${entry.id}/replies`, 'a reply');

    const edited = await formApi(server, course.studentA.token, 'PUT', `${t}/entries/${entry.id}`, new URLSearchParams({ message: '<p onclick="x()">second</p>' }).toString());
    expect(edited).toMatchObject({ status: 200, json: { id: entry.id, message: '<p>second</p>', editor_id: course.studentA.id } });
    expectUnauthorized(await send(course.studentB, 'PUT', `${t}/entries/${entry.id}`, { message: 'hijack' }));
    expectUnauthorized(await send(course.studentB, 'DELETE', `${t}/entries/${entry.id}`));
    expect(await send(course.teacher, 'PUT', `${t}/entries/${reply.id}`, { message: 'moderated' })).toMatchObject({ status: 200, json: { editor_id: course.teacher.id } });

    expect(await send(course.studentA, 'DELETE', `${t}/entries/${entry.id}`)).toMatchObject({ status: 204, json: undefined });
    expect(await get(course.studentB, `${t}/entries`)).toEqual([]);
    const view = await get(course.studentB, `${t}/view`);
    expect(view.view).toEqual([{ ...pick(entry, true), editor_id: undefined, deleted: true, replies: [expect.objectContaining({ id: reply.id, message: 'moderated' })] }].map(withoutUndefined));
    expect((await get(course.studentB, `${t}/entries/${entry.id}/replies`)).map((r) => r.id)).toEqual([reply.id]);
    expectNotFound(await send(course.studentA, 'PUT', `${t}/entries/${entry.id}`, { message: 'back' }));
    expect(await get(course.studentB, t)).toMatchObject({ discussion_subentry_count: 1 });
  });

  it('a locked topic refuses posts and edits from members but not from moderators', async () => {
    const locked = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true, locked: true });
    const t = topicPath(locked.id);
    const mine = await post(course.teacher, `${t}/entries`, 'closing note');
    expect(await get(course.studentA, t)).toMatchObject({ locked: true, locked_for_user: true, permissions: { reply: false } });
    expectUnauthorized(await send(course.studentA, 'POST', `${t}/entries`, { message: 'late' }));
    expectUnauthorized(await send(course.studentA, 'POST', `${t}/entries/${mine.id}/replies`, { message: 'late' }));

    const closed = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true, lock_at: '2001-01-01T00:00:00Z' });
    expect(await get(course.studentA, topicPath(closed.id))).toMatchObject({ locked: false, locked_for_user: true });
    expectUnauthorized(await send(course.studentA, 'POST', `${topicPath(closed.id)}/entries`, { message: 'late' }));
    expect(await get(course.teacher, topicPath(closed.id))).toMatchObject({ locked_for_user: false });
  });

  it('require_initial_post: 403 "require_initial_post" until the caller has posted; moderators always see posts', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true, require_initial_post: true });
    const t = topicPath(topic.id);
    const first = await post(course.studentA, `${t}/entries`, 'my answer');
    for (const path of [`${t}/entries`, `${t}/view`, `${t}/entries/${first.id}/replies`]) {
      expect(await send(course.studentB, 'GET', path), path).toMatchObject({ status: 403, json: 'require_initial_post' });
    }
    expect(await get(course.studentB, t)).toMatchObject({ require_initial_post: true, user_can_see_posts: false });
    expect(await get(course.teacher, `${t}/entries`)).toHaveLength(1);
    await post(course.studentB, `${t}/entries`, 'my own answer');
    expect(await get(course.studentB, `${t}/entries`)).toHaveLength(2);
    expect(await get(course.studentB, t)).toMatchObject({ user_can_see_posts: true });
  });

  it('unknown and hidden topics are 404; a draft topic’s entries are hidden from students', async () => {
    expectNotFound(await send(course.studentA, 'GET', `${topicPath(999999)}/entries`));
    const draft = await createDiscussionTopic(server, course.teacher.token, course.id, { published: false });
    await post(course.teacher, `${topicPath(draft.id)}/entries`, 'staff only');
    expectNotFound(await send(course.studentA, 'GET', `${topicPath(draft.id)}/view`));
    expectNotFound(await send(course.studentA, 'POST', `${topicPath(draft.id)}/entries`, { message: 'x' }));
    const other = await createRosterCourse(server, 'Forum 102');
    const foreign = await createDiscussionTopic(server, other.teacher.token, other.id, { published: true });
    const entry = await post(other.studentA, `/api/v1/courses/${other.id}/discussion_topics/${foreign.id}/entries`, 'elsewhere');
    expectNotFound(await send(course.teacher, 'GET', `${topicPath(foreign.id)}/entries`));
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { published: true });
    expectNotFound(await send(course.teacher, 'PUT', `${topicPath(topic.id)}/entries/${entry.id}`, { message: 'x' }));
  });
});

/** The fields the threaded view shows of an entry, taken from its create answer. */
function pick(entry: Json, deleted = false): Record<string, unknown> {
  const { id, parent_id, created_at, rating_count, rating_sum } = entry;
  return { id, parent_id, created_at, updated_at: deleted ? expect.any(String) : entry.updated_at, rating_count, rating_sum };
}

function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
