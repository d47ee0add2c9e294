import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createChoice, createPoll, createSession, formApi, type Json } from '../helpers/poll-fixtures.ts';
import { rowsReadDuring } from '../helpers/rows-read.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'polls-admin-token';

describe('polls API (polls and poll choices)', () => {
  let server: TestServer;
  let c: RosterCourse;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    c = await createRosterCourse(server, 'Polling 101');
  });
  afterAll(() => server.stop());

  const polls = (json: unknown) => (json as { polls: Json[] }).polls;
  const choices = (json: unknown) => (json as { poll_choices: Json[] }).poll_choices;

  describe('errors come first', () => {
    it('refuses every route without a token (401 with the Bearer challenge)', async () => {
      const poll = await createPoll(server, c.teacher.token);
      const choice = await createChoice(server, c.teacher.token, poll.id);
      const routes: [string, string][] = [
        ['GET', '/api/v1/polls'],
        ['POST', '/api/v1/polls'],
        ['GET', `/api/v1/polls/${String(poll.id)}`],
        ['PUT', `/api/v1/polls/${String(poll.id)}`],
        ['DELETE', `/api/v1/polls/${String(poll.id)}`],
        ['GET', `/api/v1/polls/${String(poll.id)}/poll_choices`],
        ['POST', `/api/v1/polls/${String(poll.id)}/poll_choices`],
        ['GET', `/api/v1/polls/${String(poll.id)}/poll_choices/${String(choice.id)}`],
        ['PUT', `/api/v1/polls/${String(poll.id)}/poll_choices/${String(choice.id)}`],
        ['DELETE', `/api/v1/polls/${String(poll.id)}/poll_choices/${String(choice.id)}`],
      ];
      for (const [method, path] of routes) expectInvalidToken(await api(server, undefined, method, path), `${method} ${path}`);
    });

    it('refuses callers without the right (401 unauthorized, no challenge)', async () => {
      const poll = await createPoll(server, c.teacher.token);
      const choice = await createChoice(server, c.teacher.token, poll.id);
      const base = `/api/v1/polls/${String(poll.id)}`;
      // Only instructors author polls (Canvas: the "teacher" role).
      for (const who of [c.studentA, c.observer, c.outsider]) {
        expectUnauthorized(await api(server, who.token, 'POST', '/api/v1/polls', { polls: [{ question: 'Q' }] }));
      }
      // A poll that runs in no session of theirs is not theirs to see, change or delete.
      for (const [method, path] of [
        ['GET', base],
        ['PUT', base],
        ['DELETE', base],
        ['GET', `${base}/poll_choices`],
        ['GET', `${base}/poll_choices/${String(choice.id)}`],
        ['POST', `${base}/poll_choices`],
        ['PUT', `${base}/poll_choices/${String(choice.id)}`],
        ['DELETE', `${base}/poll_choices/${String(choice.id)}`],
      ] as const) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : { polls: [{ question: 'X' }], poll_choices: [{ text: 'X' }] };
        expectUnauthorized(await api(server, c.studentA.token, method, path, body), `${method} ${path}`);
      }
      // A co-teacher manages the choices of a poll running in their course, but only the author edits the poll.
      await createSession(server, c.teacher.token, poll.id, { course_id: c.id });
      expectUnauthorized(await api(server, c.designer.token, 'PUT', base, { polls: [{ question: 'Mine now' }] }));
      expectUnauthorized(await api(server, c.designer.token, 'DELETE', base));
      // Students of the course see the poll once it runs there, but may not manage its choices.
      expect((await api(server, c.studentA.token, 'GET', base)).status).toBe(200);
      expectUnauthorized(await api(server, c.studentA.token, 'POST', `${base}/poll_choices`, { poll_choices: [{ text: 'X' }] }));
    });

    it('answers 404 for unknown or deleted polls and choices', async () => {
      const poll = await createPoll(server, c.teacher.token);
      const other = await createPoll(server, c.teacher.token);
      const foreign = await createChoice(server, c.teacher.token, other.id);
      for (const path of ['/api/v1/polls/999999', '/api/v1/polls/abc', '/api/v1/polls/999999/poll_choices']) {
        expectNotFound(await api(server, c.teacher.token, 'GET', path), path);
      }
      expectNotFound(await api(server, c.teacher.token, 'PUT', '/api/v1/polls/999999', { polls: [{ question: 'Q' }] }));
      expectNotFound(await api(server, c.teacher.token, 'DELETE', '/api/v1/polls/999999'));
      // A choice of another poll is not found through this one.
      const cross = `/api/v1/polls/${String(poll.id)}/poll_choices/${String(foreign.id)}`;
      expectNotFound(await api(server, c.teacher.token, 'GET', cross));
      expectNotFound(await api(server, c.teacher.token, 'PUT', cross, { poll_choices: [{ text: 'X' }] }));
      expectNotFound(await api(server, c.teacher.token, 'DELETE', cross));
      expect((await api(server, c.teacher.token, 'DELETE', `/api/v1/polls/${String(poll.id)}`)).status).toBe(204);
      expectNotFound(await api(server, c.teacher.token, 'GET', `/api/v1/polls/${String(poll.id)}`));
      expectNotFound(await api(server, c.teacher.token, 'GET', `/api/v1/polls/${String(poll.id)}/poll_choices`));
    });

    it('answers 400 for a missing list, a blank question or text, and over-long text', async () => {
      const missing = await api(server, c.teacher.token, 'POST', '/api/v1/polls', {});
      expect(missing.status).toBe(400);
      expect(missing.json).toEqual({ errors: [{ message: 'polls is missing' }] });
      const blank = await api(server, c.teacher.token, 'POST', '/api/v1/polls', { polls: [{ question: '  ', description: 'd' }] });
      expect(blank.status).toBe(400);
      expect(blank.json).toEqual({ errors: { question: [{ attribute: 'question', type: 'blank', message: "can't be blank" }] } });
      const long = await api(server, c.teacher.token, 'POST', '/api/v1/polls', { polls: [{ question: 'x'.repeat(256) }] });
      expect(long.status).toBe(400);
      expect(Object.keys(long.json as Json)).toEqual(['errors']);
      const poll = await createPoll(server, c.teacher.token);
      const base = `/api/v1/polls/${String(poll.id)}`;
      expect((await api(server, c.teacher.token, 'PUT', base, { polls: [{ question: '' }] })).status).toBe(400);
      expect((await api(server, c.teacher.token, 'PUT', base, {})).json).toEqual({ errors: [{ message: 'polls is missing' }] });
      expect((await api(server, c.teacher.token, 'POST', `${base}/poll_choices`, { poll_choices: [{ is_correct: true }] })).status).toBe(400);
      expect((await api(server, c.teacher.token, 'POST', `${base}/poll_choices`, {})).json).toEqual({ errors: [{ message: 'poll_choices is missing' }] });
      expect((await api(server, c.teacher.token, 'POST', `${base}/poll_choices`, { poll_choices: [{ text: 'A', position: 'first' }] })).status).toBe(400);
      // Nothing was written by any of them.
      expect(choices((await api(server, c.teacher.token, 'GET', `${base}/poll_choices`)).json)).toEqual([]);
      expect(polls((await api(server, c.teacher.token, 'GET', base)).json)[0]!.question).toBe('Which?');
    });
  });

  describe('polls', () => {
    it('creates a poll from JSON and from form brackets, wrapped in {"polls":[…]}', async () => {
      const json = await api(server, c.teacher.token, 'POST', '/api/v1/polls', { polls: [{ question: 'Tea or coffee?', description: 'Be honest' }] });
      expect(json.status).toBe(200);
      const [poll] = polls(json.json);
      expect(poll).toEqual({
        id: expect.any(Number),
        question: 'Tea or coffee?',
        description: 'Be honest',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        total_results: {},
        user_id: c.teacher.id,
      });
      const form = await formApi(server, c.teacher.token, 'POST', '/api/v1/polls', 'polls[][question]=Form%20poll&polls[][description]=via%20form');
      expect(form.status).toBe(200);
      expect(polls(form.json)[0]).toMatchObject({ question: 'Form poll', description: 'via form', user_id: c.teacher.id });
      // A TA and a designer count as instructors too.
      expect((await api(server, c.ta.token, 'POST', '/api/v1/polls', { polls: [{ question: 'TA poll' }] })).status).toBe(200);
    });

    it('shows, updates (keeping what the body leaves out) and deletes a poll', async () => {
      const poll = await createPoll(server, c.teacher.token, { description: 'keep me' });
      const base = `/api/v1/polls/${String(poll.id)}`;
      const shown = await api(server, c.teacher.token, 'GET', base);
      expect(polls(shown.json)).toEqual([poll]);
      const updated = await api(server, c.teacher.token, 'PUT', base, { polls: [{ question: 'Renamed' }] });
      expect(polls(updated.json)[0]).toMatchObject({ id: poll.id, question: 'Renamed', description: 'keep me' });
      const form = await formApi(server, c.teacher.token, 'PUT', base, 'polls[][description]=');
      expect(polls(form.json)[0]).toMatchObject({ question: 'Renamed', description: null });
      const deleted = await api(server, c.teacher.token, 'DELETE', base);
      expect(deleted.status).toBe(204);
      expect(deleted.json).toBeUndefined();
    });

    it("lists only the caller's polls, newest first, paginated", async () => {
      const author = (await createRosterCourse(server, 'Paging polls')).teacher;
      const made: Json[] = [];
      for (let i = 1; i <= 3; i++) made.push(await createPoll(server, author.token, { question: `Q${i}` }));
      const page1 = await api(server, author.token, 'GET', '/api/v1/polls?per_page=2');
      expect(page1.status).toBe(200);
      expect(polls(page1.json).map((p) => p.question)).toEqual(['Q3', 'Q2']);
      expect(page1.headers.get('link')).toContain('rel="next"');
      const page2 = await api(server, author.token, 'GET', '/api/v1/polls?per_page=2&page=2');
      expect(polls(page2.json).map((p) => p.question)).toEqual(['Q1']);
      expect(polls((await api(server, author.token, 'GET', '/api/v1/polls?page=5')).json)).toEqual([]);
      expect(polls((await api(server, c.studentA.token, 'GET', '/api/v1/polls')).json)).toEqual([]);
      expect(made).toHaveLength(3);
    });

    it('shows total_results and user_id only to those who manage the poll', async () => {
      const poll = await createPoll(server, c.teacher.token);
      await createSession(server, c.teacher.token, poll.id, { course_id: c.id });
      const base = `/api/v1/polls/${String(poll.id)}`;
      const asStudent = polls((await api(server, c.studentA.token, 'GET', base)).json)[0]!;
      expect(Object.keys(asStudent).sort()).toEqual(['created_at', 'description', 'id', 'question']);
      // The designer manages content in the course the poll runs in.
      const asDesigner = polls((await api(server, c.designer.token, 'GET', base)).json)[0]!;
      expect(asDesigner).toMatchObject({ total_results: {}, user_id: c.teacher.id });
    });
  });

  describe('poll choices', () => {
    it('creates choices (JSON and form), in position order, is_correct defaulting to false', async () => {
      const poll = await createPoll(server, c.teacher.token);
      const base = `/api/v1/polls/${String(poll.id)}/poll_choices`;
      const a = await api(server, c.teacher.token, 'POST', base, { poll_choices: [{ text: 'Apple', is_correct: true }] });
      expect(a.status).toBe(200);
      expect(choices(a.json)).toEqual([{ id: expect.stringMatching(/^\d+$/), text: 'Apple', position: 1, is_correct: true }]);
      const b = await formApi(server, c.teacher.token, 'POST', base, 'poll_choices[][text]=Banana&poll_choices[][is_correct]=f');
      expect(choices(b.json)[0]).toMatchObject({ text: 'Banana', position: 2, is_correct: false });
      const z = await createChoice(server, c.teacher.token, poll.id, { text: 'Zero', position: 0 });
      const list = await api(server, c.teacher.token, 'GET', `${base}?per_page=2`);
      expect(choices(list.json).map((x) => x.text)).toEqual(['Zero', 'Apple']);
      expect(list.headers.get('link')).toContain('rel="next"');
      const rest = await api(server, c.teacher.token, 'GET', `${base}?per_page=2&page=2`);
      expect(choices(rest.json).map((x) => x.text)).toEqual(['Banana']);
      expect(z.position).toBe(0);
    });

    it('shows, updates (keeping is_correct when absent) and deletes a choice', async () => {
      const poll = await createPoll(server, c.teacher.token);
      const choice = await createChoice(server, c.teacher.token, poll.id, { text: 'Old', is_correct: true });
      const path = `/api/v1/polls/${String(poll.id)}/poll_choices/${String(choice.id)}`;
      expect(choices((await api(server, c.teacher.token, 'GET', path)).json)).toEqual([choice]);
      const updated = await api(server, c.teacher.token, 'PUT', path, { poll_choices: [{ text: 'New', position: 7 }] });
      expect(choices(updated.json)[0]).toEqual({ id: choice.id, text: 'New', position: 7, is_correct: true });
      const form = await formApi(server, c.teacher.token, 'PUT', path, 'poll_choices[][is_correct]=false');
      expect(choices(form.json)[0]).toMatchObject({ text: 'New', is_correct: false });
      expect((await api(server, c.teacher.token, 'DELETE', path)).status).toBe(204);
      expectNotFound(await api(server, c.teacher.token, 'GET', path));
    });

    it('hides is_correct from students until a session they answered has closed', async () => {
      const poll = await createPoll(server, c.teacher.token);
      const right = await createChoice(server, c.teacher.token, poll.id, { text: 'Right', is_correct: true });
      const session = await createSession(server, c.teacher.token, poll.id, { course_id: c.id });
      const sessionPath = `/api/v1/polls/${String(poll.id)}/poll_sessions/${String(session.id)}`;
      const list = `/api/v1/polls/${String(poll.id)}/poll_choices`;
      expect(choices((await api(server, c.studentA.token, 'GET', list)).json)[0]).toEqual({ id: right.id, text: 'Right', position: 1 });
      await api(server, c.teacher.token, 'GET', `${sessionPath}/open`);
      const answer = await api(server, c.studentA.token, 'POST', `${sessionPath}/poll_submissions`, { poll_submissions: [{ poll_choice_id: right.id }] });
      expect(answer.status).toBe(200);
      expect(choices((await api(server, c.studentA.token, 'GET', list)).json)[0]).not.toHaveProperty('is_correct');
      await api(server, c.teacher.token, 'GET', `${sessionPath}/close`);
      expect(choices((await api(server, c.studentA.token, 'GET', list)).json)[0]).toMatchObject({ is_correct: true });
    });
  });

  describe('delete cascades', () => {
    it("removes a poll's choices, sessions and answers with it", async () => {
      const poll = await createPoll(server, c.teacher.token);
      const choice = await createChoice(server, c.teacher.token, poll.id);
      const session = await createSession(server, c.teacher.token, poll.id, { course_id: c.id });
      const sessionPath = `/api/v1/polls/${String(poll.id)}/poll_sessions/${String(session.id)}`;
      await api(server, c.teacher.token, 'GET', `${sessionPath}/open`);
      await api(server, c.studentA.token, 'POST', `${sessionPath}/poll_submissions`, { poll_submissions: [{ poll_choice_id: choice.id }] });
      expect((await api(server, c.teacher.token, 'DELETE', `/api/v1/polls/${String(poll.id)}`)).status).toBe(204);
      const { repos } = server.core.services;
      const live = (rows: { data: { workflow_state: string } }[]) => rows.filter((r) => r.data.workflow_state === 'active');
      expect(live(await repos.pollChoices.find({ parent_id: Number(poll.id) }))).toEqual([]);
      expect(live(await repos.pollSessions.find({ parent_id: Number(poll.id) }))).toEqual([]);
      expect(live(await repos.pollSubmissions.find({ 'data.poll_id': Number(poll.id) }))).toEqual([]);
      const opened = await api(server, c.studentA.token, 'GET', '/api/v1/poll_sessions/opened');
      expect((opened.json as { poll_sessions: Json[] }).poll_sessions.map((s) => s.id)).not.toContain(session.id);
    });

    it("finds a poll's or a choice's answers through the poll's sessions, not among every answer", async () => {
      const { repos } = server.core.services;
      const stamp = { actorId: 1, requestId: 'test', now: Date.now() };
      const poll = await createPoll(server, c.teacher.token);
      const [a, b] = [await createChoice(server, c.teacher.token, poll.id), await createChoice(server, c.teacher.token, poll.id)];
      const pollPath = `/api/v1/polls/${String(poll.id)}`;
      const sessionPaths: string[] = [];
      for (let i = 0; i < 2; i++) {
        const session = await createSession(server, c.teacher.token, poll.id, { course_id: c.id });
        sessionPaths.push(`${pollPath}/poll_sessions/${String(session.id)}`);
        await api(server, c.teacher.token, 'GET', `${sessionPaths[i]!}/open`);
      }
      const answer = (token: string, path: string, choice: Json) => api(server, token, 'POST', `${path}/poll_submissions`, { poll_submissions: [{ poll_choice_id: choice.id }] });
      for (const [token, path, choice] of [[c.studentA.token, sessionPaths[0]!, a], [c.studentB.token, sessionPaths[0]!, b], [c.studentA.token, sessionPaths[1]!, b]] as const) {
        expect((await answer(token, path, choice)).status).toBe(200);
      }
      // Another poll's answers, many more than this poll's: none of them is read, none deleted.
      const other = await createPoll(server, c.teacher.token);
      const otherChoice = await createChoice(server, c.teacher.token, other.id);
      const otherSession = await createSession(server, c.teacher.token, other.id, { course_id: c.id });
      for (let userId = 1_000; userId < 1_200; userId++) {
        const data = { poll_id: Number(other.id), poll_session_id: Number(otherSession.id), poll_choice_id: Number(otherChoice.id), user_id: userId, course_id: Number(c.id), workflow_state: 'active', created_at: new Date(stamp.now).toISOString() } as const;
        await repos.pollSubmissions.create(data, stamp);
      }
      const liveOf = async (selector: Record<string, number>) =>
        (await repos.pollSubmissions.find(selector)).filter((r) => r.data.workflow_state === 'active').map((r) => [r.user_id, r.data.poll_choice_id]);
      const read = async (path: string) => {
        let status = 0;
        const rows = await rowsReadDuring(async () => (status = (await api(server, c.teacher.token, 'DELETE', path)).status));
        expect(status).toBe(204);
        return rows.get('poll_submission') ?? 0;
      };

      // The choice: only its answers go, in every session; the poll's three answers are all that is read.
      expect(await read(`${pollPath}/poll_choices/${String(b.id)}`)).toBeLessThanOrEqual(3);
      expect(await liveOf({ 'data.poll_id': Number(poll.id) })).toEqual([[c.studentA.id, Number(a.id)]]);
      // The poll: the answers left in its sessions.
      expect(await read(pollPath)).toBeLessThanOrEqual(3);
      expect(await liveOf({ 'data.poll_id': Number(poll.id) })).toEqual([]);
      expect(await liveOf({ parent_id: Number(otherSession.id) })).toHaveLength(200);
    });
  });
});
