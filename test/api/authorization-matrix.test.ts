import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createAssignment, createQuiz, createDiscussionTopic } from '../helpers/content-fixtures.ts';
import { enrollFixtureUser } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createNote, createOverride } from '../helpers/planner-fixtures.ts';
import { pullAll } from '../helpers/sync-fixtures.ts';
import type { WireRecord } from '../../src/server/sync/sync-partitions.ts';
import { createChoice, createPoll, createSession } from '../helpers/poll-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { gradeAs, submitText } from '../helpers/submission-fixtures.ts';

/**
 * The authorization matrix (docs/architecture.md §10): two courses, each role of course A (teacher, section-limited TA,
 * designer, students S1/S2, an observer linked to S1, an unlinked observer, a concluded student), the admin,
 * people of course B, and a token scoped to one URL. Each row is (route, actor) → expected outcome, walked in
 * one pass; every mismatch is reported at once.
 */

const ADMIN_TOKEN = 'authorization-matrix-admin-token';
type Json = Record<string, unknown> & { id: number };

type Actor =
  | 'teacher'
  | 'ta'
  | 'designer'
  | 's1'
  | 's2'
  | 'observer'
  | 'unlinked'
  | 'concluded'
  | 'admin'
  | 'teacherB'
  | 'studentB'
  | 'outsider'
  | 'scoped';

/** ok: 2xx; deny: 401 unauthorized or 404 (Canvas hides some records); a number: exactly that status. */
type Outcome = 'ok' | 'deny' | number;

interface Row {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: () => string;
  body?: () => unknown;
  expect: Partial<Record<Actor, Outcome>>;
  /** Ids that must not appear in a 2xx body for the listed actors (filtered lists). */
  hidden?: Partial<Record<Actor, () => readonly number[]>>;
}

describe('authorization matrix (docs/architecture.md §10)', () => {
  let server: TestServer;
  let a: RosterCourse;
  let b: RosterCourse;
  const tokens = {} as Record<Actor, string>;
  let unlinked: FixtureUser;
  let concluded: FixtureUser;
  let a1: Json;
  let draft: Json;
  let b1: Json;
  let sub1: Json;
  let sub2: Json;
  let column: Json;
  let poll: Json;
  let session: Json;
  let pollAnswer: Json;
  let note: Json;
  let override: Json;
  let draftQuiz: Json;
  let draftTopic: Json;
  let draftModule: Json;
  let assessment: Json;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    a = await createRosterCourse(server, 'Matrix A');
    b = await createRosterCourse(server, 'Matrix B');
    unlinked = await createFixtureUser(server, 'Una Unlinked');
    concluded = await createFixtureUser(server, 'Cora Concluded');
    await enrollFixtureUser(server, a.id, unlinked.id, 'ObserverEnrollment');
    await enrollFixtureUser(server, a.id, concluded.id, 'StudentEnrollment', { state: 'completed' });
    Object.assign(tokens, {
      teacher: a.teacher.token,
      ta: a.ta.token,
      designer: a.designer.token,
      s1: a.studentA.token,
      s2: a.studentB.token,
      observer: a.observer.token,
      unlinked: unlinked.token,
      concluded: concluded.token,
      admin: ADMIN_TOKEN,
      teacherB: b.teacher.token,
      studentB: b.studentA.token,
      outsider: a.outsider.token,
    });
    // S1's token narrowed to one URL: the assignment list.
    const scoped = await server.core.services.tokens.issue(
      { userId: a.studentA.id, purpose: 'scoped', scopes: ['url:GET|/api/v1/courses/:course_id/assignments'] },
      fixtureStamp(),
    );
    tokens.scoped = scoped.visibleToken;

    const teacher = a.teacher.token;
    a1 = await createAssignment(server, teacher, a.id, { published: true, points_possible: 10, submission_types: ['online_text_entry'], peer_reviews: true });
    draft = await createAssignment(server, teacher, a.id, { name: 'Draft', published: false, points_possible: 10, submission_types: ['online_text_entry'] });
    b1 = await createAssignment(server, b.teacher.token, b.id, { published: true, points_possible: 10, submission_types: ['online_text_entry'] });
    sub1 = await submitText(server, a.studentA.token, a.id, a1.id, '<p>S1 essay</p>');
    sub2 = await submitText(server, a.studentB.token, a.id, a1.id, '<p>S2 essay</p>');
    await submitText(server, b.studentA.token, b.id, b1.id, '<p>B essay</p>');
    await gradeAs(server, teacher, a.id, a1.id, a.studentA.id, { posted_grade: '7' });
    await gradeAs(server, teacher, a.id, a1.id, a.studentB.id, { posted_grade: '9' });
    // S2 reviews S1's work.
    const review = await api(server, teacher, 'POST', `/api/v1/courses/${a.id}/assignments/${a1.id}/submissions/${sub1.id}/peer_reviews`, { user_id: a.studentB.id });
    expect(review.status).toBe(200);

    const col = await api(server, teacher, 'POST', `/api/v1/courses/${a.id}/custom_gradebook_columns`, { column: { title: 'Notes' } });
    column = col.json as Json;
    for (const s of [a.studentA, a.studentB]) {
      const put = await api(server, teacher, 'PUT', `/api/v1/courses/${a.id}/custom_gradebook_columns/${column.id}/data/${s.id}`, { column_data: { content: `about ${s.id}` } });
      expect(put.status).toBe(200);
    }

    poll = (await createPoll(server, teacher)) as Json;
    const choice = (await createChoice(server, teacher, poll.id)) as Json;
    session = (await createSession(server, teacher, poll.id, { course_id: a.id })) as Json;
    expect((await api(server, teacher, 'GET', `/api/v1/polls/${poll.id}/poll_sessions/${session.id}/open`)).status).toBe(200);
    const answered = await api(server, a.studentA.token, 'POST', `/api/v1/polls/${poll.id}/poll_sessions/${session.id}/poll_submissions`, {
      poll_submissions: [{ poll_choice_id: choice.id }],
    });
    expect(answered.status).toBe(200);
    pollAnswer = (answered.json as { poll_submissions: Json[] }).poll_submissions[0]!;

    note = await createNote(server, a.studentA.token, { course_id: a.id });
    override = await createOverride(server, a.studentA.token, 'assignment', a1.id, { marked_complete: true });

    draftQuiz = await createQuiz(server, teacher, a.id, { title: 'Draft quiz', published: false });
    draftTopic = await createDiscussionTopic(server, teacher, a.id, { title: 'Draft topic', published: false });
    draftModule = (await api(server, teacher, 'POST', `/api/v1/courses/${a.id}/modules`, { module: { name: 'Draft module' } })).json as Json;
    const la = await api(server, teacher, 'POST', `/api/v1/courses/${a.id}/live_assessments`, { assessments: [{ key: 'k1', title: 'Check' }] });
    assessment = (la.json as { assessments: Json[] }).assessments[0]!;
    await api(server, teacher, 'POST', `/api/v1/courses/${a.id}/live_assessments/${assessment.id}/results`, {
      results: [{ passed: true, assessed_at: '2024-01-01T00:00:00Z', links: { user: a.studentA.id } }],
    });
  }, 60_000);
  afterAll(() => server.stop());

  const A = () => `/api/v1/courses/${a.id}`;
  const B = () => `/api/v1/courses/${b.id}`;
  const subPath = (userId: number) => `${A()}/assignments/${a1.id}/submissions/${userId}`;

  const rows = (): Row[] => [
    // Course content reads; course A rights mean nothing in course B.
    {
      name: 'list assignments A',
      method: 'GET',
      path: () => `${A()}/assignments`,
      expect: { teacher: 'ok', ta: 'ok', designer: 'ok', s1: 'ok', observer: 'ok', concluded: 'ok', admin: 'ok', teacherB: 'deny', studentB: 'deny', outsider: 'deny', scoped: 'ok' },
      hidden: { s1: () => [draft.id], observer: () => [draft.id], concluded: () => [draft.id], scoped: () => [draft.id] },
    },
    {
      name: 'list assignments B',
      method: 'GET',
      path: () => `${B()}/assignments`,
      expect: { teacher: 'deny', ta: 'deny', s1: 'deny', observer: 'deny', teacherB: 'ok', studentB: 'ok', scoped: 'deny' },
    },
    {
      name: 'show unpublished assignment',
      method: 'GET',
      path: () => `${A()}/assignments/${draft.id}`,
      expect: { teacher: 'ok', designer: 'ok', s1: 'deny', s2: 'deny', observer: 'deny', concluded: 'deny', teacherB: 'deny', scoped: 401 },
    },
    {
      name: 'show unpublished quiz',
      method: 'GET',
      path: () => `${A()}/quizzes/${draftQuiz.id}`,
      expect: { teacher: 'ok', s1: 'deny', observer: 'deny', teacherB: 'deny' },
    },
    {
      name: 'list quizzes',
      method: 'GET',
      path: () => `${A()}/quizzes`,
      expect: { teacher: 'ok', s1: 'ok', teacherB: 'deny' },
      hidden: { s1: () => [draftQuiz.id], observer: () => [draftQuiz.id] },
    },
    {
      name: 'show unpublished topic',
      method: 'GET',
      path: () => `${A()}/discussion_topics/${draftTopic.id}`,
      expect: { teacher: 'ok', s1: 'deny', observer: 'deny', teacherB: 'deny' },
    },
    {
      name: 'list topics',
      method: 'GET',
      path: () => `${A()}/discussion_topics`,
      expect: { teacher: 'ok', s1: 'ok', teacherB: 'deny' },
      hidden: { s1: () => [draftTopic.id], observer: () => [draftTopic.id] },
    },
    {
      name: 'show unpublished module',
      method: 'GET',
      path: () => `${A()}/modules/${draftModule.id}`,
      expect: { teacher: 'ok', s1: 'deny', observer: 'deny', teacherB: 'deny' },
    },
    {
      name: 'list modules',
      method: 'GET',
      path: () => `${A()}/modules`,
      expect: { teacher: 'ok', s1: 'ok', teacherB: 'deny' },
      hidden: { s1: () => [draftModule.id], observer: () => [draftModule.id] },
    },
    // Writes: students, designers, concluded students and course B's teacher may not.
    {
      name: 'create assignment',
      method: 'POST',
      path: () => `${A()}/assignments`,
      body: () => ({ assignment: { name: 'x' } }),
      expect: { s1: 'deny', observer: 'deny', concluded: 'deny', teacherB: 'deny', outsider: 'deny', scoped: 401 },
    },
    {
      name: 'update assignment',
      method: 'PUT',
      path: () => `${A()}/assignments/${a1.id}`,
      body: () => ({ assignment: { name: 'hacked' } }),
      expect: { s1: 'deny', observer: 'deny', concluded: 'deny', teacherB: 'deny' },
    },
    {
      name: 'submit as concluded student',
      method: 'POST',
      path: () => `${A()}/assignments/${a1.id}/submissions`,
      body: () => ({ submission: { submission_type: 'online_text_entry', body: 'late' } }),
      expect: { concluded: 'deny', observer: 'deny', unlinked: 'deny', teacher: 'deny', studentB: 'deny', designer: 'deny' },
    },
    // Submissions: own only; observers their linked student; TA their section; designer none.
    {
      name: "S1's submission",
      method: 'GET',
      path: () => subPath(a.studentA.id),
      expect: { teacher: 'ok', ta: 'deny', designer: 'deny', s1: 'ok', s2: 'ok', observer: 'ok', unlinked: 'deny', concluded: 'deny', admin: 'ok', teacherB: 'deny', studentB: 'deny', outsider: 'deny', scoped: 401 },
    },
    {
      name: "S2's submission",
      method: 'GET',
      path: () => subPath(a.studentB.id),
      expect: { teacher: 'ok', ta: 'ok', designer: 'deny', s1: 'deny', s2: 'ok', observer: 'deny', unlinked: 'deny', concluded: 'deny', teacherB: 'deny' },
    },
    {
      name: 'list submissions',
      method: 'GET',
      path: () => `${A()}/assignments/${a1.id}/submissions`,
      expect: { teacher: 'ok', designer: 'deny', unlinked: 'deny', teacherB: 'deny', outsider: 'deny' },
      hidden: { s1: () => [sub2.id], s2: () => [sub1.id], observer: () => [sub2.id], ta: () => [sub1.id] },
    },
    {
      name: 'students/submissions',
      method: 'GET',
      path: () => `${A()}/students/submissions?student_ids[]=all`,
      expect: { teacher: 'ok', designer: 'deny', unlinked: 'deny', teacherB: 'deny' },
      hidden: { s1: () => [sub2.id], s2: () => [sub1.id], observer: () => [sub2.id], ta: () => [sub1.id] },
    },
    {
      name: 'grade S1',
      method: 'PUT',
      path: () => subPath(a.studentA.id),
      body: () => ({ submission: { posted_grade: '10' } }),
      expect: { s1: 'deny', s2: 'deny', observer: 'deny', designer: 'deny', ta: 'deny', concluded: 'deny', teacherB: 'deny' },
    },
    {
      name: 'bulk grade',
      method: 'POST',
      path: () => `${A()}/assignments/${a1.id}/submissions/update_grades`,
      body: () => ({ grade_data: { [a.studentA.id]: { posted_grade: '1' } } }),
      expect: { s1: 'deny', designer: 'deny', observer: 'deny', teacherB: 'deny' },
    },
    {
      name: 'gradeable students',
      method: 'GET',
      path: () => `${A()}/assignments/${a1.id}/gradeable_students`,
      expect: { teacher: 'ok', s1: 'deny', designer: 'deny', observer: 'deny', teacherB: 'deny' },
      hidden: { ta: () => [a.studentA.id] },
    },
    {
      name: 'submission summary',
      method: 'GET',
      path: () => `${A()}/assignments/${a1.id}/submission_summary`,
      expect: { teacher: 'ok', s1: 'deny', designer: 'deny', observer: 'deny', teacherB: 'deny' },
    },
    // Peer reviews.
    {
      name: 'peer reviews of an assignment',
      method: 'GET',
      path: () => `${A()}/assignments/${a1.id}/peer_reviews`,
      expect: { teacher: 'ok', teacherB: 'deny', outsider: 'deny' },
    },
    {
      name: "peer reviews of S2's submission",
      method: 'GET',
      path: () => `${A()}/assignments/${a1.id}/submissions/${sub2.id}/peer_reviews`,
      expect: { teacher: 'ok', teacherB: 'deny' },
    },
    {
      name: 'assign a reviewer',
      method: 'POST',
      path: () => `${A()}/assignments/${a1.id}/submissions/${sub2.id}/peer_reviews`,
      body: () => ({ user_id: a.studentA.id }),
      expect: { s1: 'deny', s2: 'deny', designer: 'deny', observer: 'deny', teacherB: 'deny' },
    },
    // Custom gradebook columns: graders only; a section-limited TA sees their section's data.
    {
      name: 'list columns',
      method: 'GET',
      path: () => `${A()}/custom_gradebook_columns`,
      expect: { teacher: 'ok', ta: 'ok', designer: 'deny', s1: 'deny', observer: 'deny', teacherB: 'deny' },
    },
    {
      name: 'column data',
      method: 'GET',
      path: () => `${A()}/custom_gradebook_columns/${column.id}/data`,
      expect: { teacher: 'ok', ta: 'ok', designer: 'deny', s1: 'deny', s2: 'deny', observer: 'deny', concluded: 'deny', teacherB: 'deny' },
    },
    {
      name: "set S1's column datum",
      method: 'PUT',
      path: () => `${A()}/custom_gradebook_columns/${column.id}/data/${a.studentA.id}`,
      body: () => ({ column_data: { content: 'changed' } }),
      expect: { ta: 'deny', designer: 'deny', s1: 'deny', observer: 'deny', teacherB: 'deny' },
    },
    {
      name: 'column in course B through course A',
      method: 'GET',
      path: () => `${B()}/custom_gradebook_columns/${column.id}/data`,
      expect: { teacherB: 404 },
    },
    // Enrollments and grades.
    {
      name: 'list enrollments',
      method: 'GET',
      path: () => `${A()}/enrollments`,
      expect: { teacher: 'ok', s1: 'ok', observer: 'ok', teacherB: 'deny', outsider: 'deny' },
      // Students read the roster (Canvas's read_roster), classmates included; observers only their students'.
      hidden: { observer: () => [a.enrollmentIds.studentB], ta: () => [a.enrollmentIds.studentA] },
    },
    {
      name: 'enrollments of section B',
      method: 'GET',
      path: () => `/api/v1/sections/${a.sectionB}/enrollments`,
      expect: { teacher: 'ok', s1: 'ok', teacherB: 'deny' },
      hidden: { observer: () => [a.enrollmentIds.studentB] },
    },
    {
      name: 'conclude S1',
      method: 'DELETE',
      path: () => `${A()}/enrollments/${a.enrollmentIds.studentA}`,
      expect: { ta: 'deny', s1: 'deny', s2: 'deny', observer: 'deny', concluded: 'deny', teacherB: 'deny' },
    },
    {
      name: 'course users',
      method: 'GET',
      path: () => `${A()}/users`,
      expect: { teacher: 'ok', teacherB: 'deny', outsider: 'deny' },
    },
    {
      name: 'show user S1',
      method: 'GET',
      path: () => `/api/v1/users/${a.studentA.id}`,
      expect: { s1: 'ok', teacher: 'ok', studentB: 'deny', teacherB: 'deny', outsider: 'deny' },
    },
    {
      name: 'late policy PATCH',
      method: 'PATCH',
      path: () => `${A()}/late_policy`,
      body: () => ({ late_policy: { late_submission_deduction_enabled: true } }),
      expect: { s1: 'deny', designer: 'deny', teacherB: 'deny' },
    },
    // Polls.
    {
      name: 'poll session',
      method: 'GET',
      path: () => `/api/v1/polls/${poll.id}/poll_sessions/${session.id}`,
      expect: { teacher: 'ok', s1: 'ok', teacherB: 'deny', studentB: 'deny', outsider: 'deny' },
    },
    {
      name: "S1's poll answer",
      method: 'GET',
      path: () => `/api/v1/polls/${poll.id}/poll_sessions/${session.id}/poll_submissions/${pollAnswer.id}`,
      expect: { teacher: 'ok', s1: 'ok', s2: 'deny', observer: 'deny', teacherB: 'deny', studentB: 'deny' },
    },
    {
      name: 'poll sessions list',
      method: 'GET',
      path: () => `/api/v1/polls/${poll.id}/poll_sessions`,
      expect: { teacher: 'ok', s1: 'deny', s2: 'deny', teacherB: 'deny' },
    },
    {
      name: 'poll choices write',
      method: 'POST',
      path: () => `/api/v1/polls/${poll.id}/poll_choices`,
      body: () => ({ poll_choices: [{ text: 'B' }] }),
      expect: { s1: 'deny', teacherB: 'deny', studentB: 'deny' },
    },
    // Live assessments.
    {
      name: 'live assessment results',
      method: 'GET',
      path: () => `${A()}/live_assessments/${String(assessment.id)}/results`,
      expect: { teacher: 'ok', s1: 'deny', s2: 'deny', observer: 'deny', teacherB: 'deny' },
    },
    {
      name: 'live assessment results via course B',
      method: 'GET',
      path: () => `${B()}/live_assessments/${String(assessment.id)}/results`,
      expect: { teacherB: 'deny' },
    },
    // Planner: another user's note or override is a 404.
    {
      name: "S1's planner note",
      method: 'GET',
      path: () => `/api/v1/planner_notes/${note.id}`,
      expect: { s1: 'ok', s2: 404, teacher: 404, observer: 404, teacherB: 404 },
    },
    {
      name: "edit S1's planner note",
      method: 'PUT',
      path: () => `/api/v1/planner_notes/${note.id}`,
      body: () => ({ title: 'mine now' }),
      expect: { s2: 404, teacher: 404 },
    },
    {
      name: "S1's planner override",
      method: 'GET',
      path: () => `/api/v1/planner/overrides/${override.id}`,
      expect: { s1: 'ok', s2: 404, teacher: 404 },
    },
    {
      name: 'planner items',
      method: 'GET',
      path: () => `/api/v1/planner/items?context_codes[]=course_${a.id}`,
      expect: { s1: 'ok', studentB: 'ok' },
      hidden: { s1: () => [draft.id], studentB: () => [a1.id] },
    },
    {
      name: 'planner note in a foreign course',
      method: 'POST',
      path: () => '/api/v1/planner_notes',
      body: () => ({ title: 'x', todo_date: '2030-01-01T00:00:00Z', course_id: b.id }),
      expect: { s1: 'deny', teacher: 'deny' },
    },
    // Sync conflicts are per user.
    {
      name: 'sync conflicts',
      method: 'GET',
      path: () => '/api/v1/sync/conflicts',
      expect: { s1: 'ok', s2: 'ok', scoped: 401 },
    },
  ];

  it('every (route, actor) cell matches the oracle', async () => {
    const mismatches: string[] = [];
    let requests = 0;
    for (const row of rows()) {
      for (const [actor, outcome] of Object.entries(row.expect) as Array<[Actor, Outcome]>) {
        const res = await api(server, tokens[actor], row.method, row.path(), row.body?.());
        requests++;
        const ok = outcome === 'ok' ? res.status >= 200 && res.status < 300 : outcome === 'deny' ? res.status === 401 || res.status === 404 : res.status === outcome;
        if (!ok) mismatches.push(`${row.method} ${row.name} as ${actor}: ${res.status} (expected ${outcome}) ${JSON.stringify(res.json).slice(0, 160)}`);
        if (res.status === 401 && actor === 'scoped' && row.expect.scoped === 401) {
          if (JSON.stringify(res.json) !== JSON.stringify({ errors: [{ message: 'Insufficient scopes on access token.' }] })) mismatches.push(`${row.name} as scoped: wrong 401 body`);
        }
      }
      for (const [actor, ids] of Object.entries(row.hidden ?? {}) as Array<[Actor, () => readonly number[]]>) {
        const res = await api(server, tokens[actor], row.method, row.path(), row.body?.());
        requests++;
        if (res.status < 200 || res.status >= 300) continue;
        const listed = JSON.stringify(res.json);
        for (const id of ids()) {
          if (new RegExp(`"(id|user_id|assignment_id|plannable_id)":${id}[,}]`).test(listed)) mismatches.push(`${row.method} ${row.name} as ${actor}: lists hidden id ${id}`);
        }
      }
    }
    expect(mismatches, `mismatches among ${requests} requests`).toEqual([]);
  }, 120_000);

  /*
   * Sync is the same data by another door (docs/architecture.md §7): a pull must hold no more than the API shows the
   * user, and a device's writes, replayed on the hub, get exactly the answers REST gives them (decision 0044).
   */
  describe('sync', () => {
    it('a pull holds only what the API would show (planner notes, teacher notes, others’ work)', async () => {
      const s1Sub = () => `submission:${sub1.id}`;
      const s2Sub = () => `submission:${sub2.id}`;
      const datumOf = async (userId: number) => (await server.core.services.repos.columnData.find({ parent_id: column.id, user_id: userId }))[0]!.key;
      const cases: Array<{ actor: Actor; hidden: () => Promise<string[]> | string[]; shown?: () => Promise<string[]> | string[] }> = [
        { actor: 'teacher', hidden: () => [`planner_note:${note.id}`, `planner_override:${override.id}`], shown: () => [s1Sub(), s2Sub()] },
        { actor: 'observer', hidden: async () => [`planner_note:${note.id}`, s2Sub(), await datumOf(a.studentA.id)], shown: () => [s1Sub()] },
        { actor: 's1', hidden: async () => [s2Sub(), await datumOf(a.studentA.id), await datumOf(a.studentB.id)], shown: () => [s1Sub(), `planner_note:${note.id}`] },
        { actor: 'ta', hidden: async () => [s1Sub(), await datumOf(a.studentA.id), `planner_note:${note.id}`], shown: () => [s2Sub()] },
        { actor: 'designer', hidden: async () => [s1Sub(), s2Sub(), await datumOf(a.studentA.id)] },
        { actor: 'teacherB', hidden: () => [s1Sub(), s2Sub(), `planner_note:${note.id}`] },
      ];
      const leaks: string[] = [];
      for (const c of cases) {
        const { byKey } = await pullAll(server, tokens[c.actor], 'course_user');
        for (const key of await c.hidden()) if (byKey.has(key) && !byKey.get(key)!._deleted) leaks.push(`${c.actor} pulled ${key}`);
        for (const key of (await c.shown?.()) ?? []) if (!byKey.has(key)) leaks.push(`${c.actor} did not pull ${key}`);
      }
      expect(leaks).toEqual([]);
    });

    it('records cannot be pushed; a replayed write meets exactly the answer REST gives the same user', async () => {
      for (const collection of ['directory', 'course', 'course_user', 'history']) {
        const res = await api(server, tokens.s1, 'POST', `/api/v1/sync/${collection}/push`, { rows: [] });
        expect(res.status, collection).toBe(404);
      }
      const datum = `/api/v1/courses/${a.id}/custom_gradebook_columns/${column.id}/data/${a.studentA.id}`;
      const submissions = `/api/v1/courses/${a.id}/assignments/${a1.id}/submissions`;
      // S1's token narrowed to replaying: each replayed write still needs a scope of its own, as over REST.
      const replayOnly = await server.core.services.tokens.issue({ userId: a.studentA.id, purpose: 'scoped', scopes: ['url:POST|/api/v1/sync/replay'] }, fixtureStamp());
      const cases: Array<{ name: string; token: string; userId: number; method: string; route: string; url: string; params: Record<string, unknown>; unchanged: () => Promise<unknown> }> = [
        {
          name: 'student rewrites the teacher’s note about them',
          token: tokens.s1,
          userId: a.studentA.id,
          method: 'PUT',
          route: '/api/v1/courses/:course_id/custom_gradebook_columns/:id/data/:user_id',
          url: datum,
          params: { course_id: String(a.id), id: String(column.id), user_id: String(a.studentA.id), column_data: { content: 'model student' } },
          unchanged: async () => (await server.core.services.repos.columnData.find({ parent_id: column.id, user_id: a.studentA.id }))[0]?.data.content,
        },
        {
          name: 'concluded student submits',
          token: tokens.concluded,
          userId: concluded.id,
          method: 'POST',
          route: '/api/v1/courses/:course_id/assignments/:assignment_id/submissions',
          url: submissions,
          params: { course_id: String(a.id), assignment_id: String(a1.id), submission: { submission_type: 'online_text_entry', body: '<p>after the end</p>' } },
          unchanged: async () => (await server.core.services.repos.submissions.byLookup(`submission:${a1.id}:${concluded.id}`))?.data.body ?? null,
        },
        {
          name: 'a token scoped to replaying submits',
          token: replayOnly.visibleToken,
          userId: a.studentA.id,
          method: 'POST',
          route: '/api/v1/courses/:course_id/assignments/:assignment_id/submissions',
          url: submissions,
          params: { course_id: String(a.id), assignment_id: String(a1.id), submission: { submission_type: 'online_text_entry', body: '<p>scoped</p>' } },
          unchanged: async () => (await server.core.services.repos.submissions.get(sub1.id))?.data.body,
        },
      ];
      const wrong: string[] = [];
      for (const c of cases) {
        const before = await c.unchanged();
        const entry = { id: 1, method: c.method, route: c.route, params: c.params, user_id: c.userId, device_time: Date.now(), base: null, created: [] };
        const replayed = await api(server, c.token, 'POST', '/api/v1/sync/replay', { device: cases.indexOf(c) + 1, entries: [entry] });
        const result = (replayed.json as { results?: { outcome: string; status: number }[] }).results?.[0];
        const rest = await api(server, c.token, c.method, c.url, c.params);
        if (result?.outcome !== 'refused' || result.status !== rest.status || rest.status < 400) wrong.push(`${c.name}: replay ${JSON.stringify(result)}, REST ${rest.status}`);
        if (!Object.is(await c.unchanged(), before)) wrong.push(`${c.name}: the hub changed`);
      }
      expect(wrong).toEqual([]);
    });

    it('a record’s state asked for by key does not read back what the asker may not see', async () => {
      const noteAboutS2 = (await server.core.services.repos.columnData.find({ parent_id: column.id, user_id: a.studentB.id }))[0]!;
      for (const [actor, key] of [['s2', `submission:${sub1.id}`], ['s1', noteAboutS2.key]] as Array<[Actor, string]>) {
        const res = await api(server, tokens[actor], 'GET', `/api/v1/sync/course_user/states?keys[]=${encodeURIComponent(key)}`);
        expect(res.status).toBe(200);
        expect((res.json as { documents: WireRecord[] }).documents).toEqual([expect.objectContaining({ key, _deleted: true, data: {} })]);
      }
    });
  });
});
