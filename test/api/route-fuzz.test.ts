import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzScale } from '../helpers/storage-random.ts';
import { bracketParams, pathValue, requestBody } from '../helpers/http-fuzz-arbitraries.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createRosterCourse } from '../helpers/enrollment-fixtures.ts';
import { toQuery, valueFor, type IdPool, type JsonSchema } from '../helpers/schema-fuzz-arbitraries.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN_TOKEN = 'lms_fuzz-admin-token-0123456789abcdef';

interface Endpoint {
  method: string;
  path: string;
}

/**
 * Hostile and malformed requests to every route the real server lists in its OpenAPI document, so the fuzz grows
 * with each area automatically (docs/architecture.md §10). Oracles: no 5xx, JSON error bodies, Object.prototype clean,
 * server alive. Replay a failure with OUTPOST_FUZZ_SEEDS=<seed>; OUTPOST_FUZZ_SCALE=10 runs ten times as many.
 */
describe('route fuzz', () => {
  let server: TestServer;
  let endpoints: Endpoint[];
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    endpoints = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
  });
  afterAll(() => server.stop());

  it('no 5xx, no pollution, server alive', async () => {
    const seed = Number(process.env.OUTPOST_FUZZ_SEEDS?.split(',')[0] ?? Date.now() % 2 ** 31);
    const request = fc.record({
      endpoint: fc.nat({ max: endpoints.length - 1 }),
      pathValues: fc.array(pathValue, { minLength: 4, maxLength: 4 }),
      query: bracketParams,
      body: requestBody,
      token: fc.constantFrom(ADMIN_TOKEN, ADMIN_TOKEN, undefined, 'wrong'),
      methodOverride: fc.option(fc.constantFrom('PATCH', 'OPTIONS', 'HEAD'), { freq: 8 }),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const endpoint = endpoints[r.endpoint]!;
        let i = 0;
        const path = endpoint.path.replace(/\{\w+\}/g, () => r.pathValues[i++] ?? '1');
        const method = r.methodOverride ?? endpoint.method;
        const headers: Record<string, string> = {};
        if (r.token) headers.authorization = `Bearer ${r.token}`;
        if (r.body.contentType) headers['content-type'] = r.body.contentType;
        const sendsBody = method !== 'GET' && method !== 'HEAD' && r.body.body !== undefined;
        const res = await fetch(`${server.url}${path}${r.query ? `?${r.query}` : ''}`, {
          method,
          headers,
          body: sendsBody ? r.body.body : undefined,
        });
        // An event stream (sync) never ends by itself: its headers are the answer, and cancelling closes it.
        const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
        expect(res.status, `${method} ${path} → ${text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400 && method !== 'HEAD') expect(() => JSON.parse(text) as unknown).not.toThrow();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed, numRuns: Math.round(300 * fuzzScale()), endOnFailure: true },
    );
    const health = await fetch(`${server.url}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(Object.keys(Object.prototype)).toEqual([]);
  }, 120_000);
});

interface Operation extends Endpoint {
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  query: JsonSchema;
  body?: JsonSchema;
}

/**
 * The same oracles over a seeded course: path ids are mostly REAL ids (of the right kind, by the path segment
 * before them), and params are generated from each route's own schema (mostly valid, sometimes an edge value),
 * so requests get past validation and the 404s into permission rules and service code, as admin, teacher,
 * student, observer and outsider.
 */
describe('route fuzz over a seeded course', () => {
  let server: TestServer;
  let operations: Operation[];
  let pool: IdPool & { byKind: Record<string, Array<number | string>> };
  let tokens: string[];
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string; schema: JsonSchema }>; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        pathParams: op.parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        query: {
          type: 'object',
          properties: Object.fromEntries(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name.replace(/\[\]$/, ''), p.schema])),
        },
        body: Object.values(op.requestBody?.content ?? {})[0]?.schema,
      })),
    );
    // Deleting the seeded course would turn the rest of the run into 404s; the fuzz above covers that route.
    operations = operations.filter((op) => !(op.method === 'DELETE' && op.path === '/api/v1/courses/{id}'));
    const seeded = await seedCourse(server);
    pool = { byKind: seeded.ids, all: [...new Set(Object.values(seeded.ids).flat().filter((id) => typeof id === 'number'))] };
    tokens = seeded.tokens;
  }, 60_000);
  afterAll(() => server.stop());

  /** The kind of record a path param names: `{id}` by the segment before it, `{assignment_id}` by its name. */
  const kindOf = (path: string, name: string): string => {
    if (name !== 'id') return name.replace(/_id$/, '');
    const before = /\/([a-z_]+)\/\{id\}/.exec(path)?.[1] ?? '';
    return before.replace(/ies$/, 'y').replace(/s$/, '');
  };

  it('no 5xx with real ids and schema-shaped params', async () => {
    const seed = Number(process.env.OUTPOST_FUZZ_SEEDS?.split(',')[0] ?? Date.now() % 2 ** 31);
    // Deletes are a sixth as likely as other requests, so the seeded records mostly stay around to be used.
    const weighted = operations.flatMap((op) => Array<Operation>(op.method === 'DELETE' ? 1 : 6).fill(op));
    const request = fc.nat({ max: weighted.length - 1 }).chain((index) => {
      const op = weighted[index]!;
      const pathValues = op.pathParams.map(({ name, schema }) => {
        const real = pool.byKind[kindOf(op.path, name)] ?? [];
        const options: Array<fc.WeightedArbitrary<string>> = [{ arbitrary: pathValue, weight: 1 }];
        if (real.length > 0) options.push({ arbitrary: fc.constantFrom(...real).map((id) => encodeURIComponent(String(id))), weight: 6 });
        if (Array.isArray(schema.enum)) options.push({ arbitrary: fc.constantFrom(...(schema.enum as string[])), weight: 6 });
        return fc.oneof(...options);
      });
      return fc.record({
        op: fc.constant(op),
        pathValues: fc.tuple(...pathValues),
        query: op.method === 'GET' || op.method === 'DELETE' ? valueFor(op.query, pool) : fc.constant(undefined),
        body: op.body ? valueFor(op.body, pool) : fc.constant(undefined),
        form: fc.boolean(),
        token: fc.constantFrom(...tokens),
      });
    });
    let failure = '';
    const result = await fc.check(
      fc.asyncProperty(request, async (r) => {
        let i = 0;
        const path = r.op.path.replace(/\{\w+\}/g, () => r.pathValues[i++] ?? '1');
        const query = r.query && typeof r.query === 'object' ? toQuery(r.query).join('&') : '';
        const headers: Record<string, string> = { authorization: `Bearer ${r.token}` };
        let body: string | undefined;
        if (r.body !== undefined && r.op.method !== 'GET') {
          headers['content-type'] = r.form ? 'application/x-www-form-urlencoded' : 'application/json';
          body = r.form ? toQuery(r.body).join('&') : JSON.stringify(r.body);
        }
        const res = await fetch(`${server.url}${path}${query ? `?${query}` : ''}`, { method: r.op.method, headers, body });
        const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
        failure = `${r.op.method} ${path}?${query.slice(0, 300)} ${body?.slice(0, 600) ?? ''} → ${res.status} ${text.slice(0, 200)}`;
        if (res.status >= 500) return false;
        // 431: Node's own HTTP parser refusing an oversized query, before the app sees it.
        if (res.status >= 400 && res.status !== 431) JSON.parse(text);
        return true;
      }),
      { seed, numRuns: Math.round(400 * fuzzScale()), endOnFailure: true },
    );
    // The request, not fast-check's dump of the whole route schema, is what a reader needs to replay it.
    expect(result.failed, `seed ${seed}: ${failure}`).toBe(false);
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  }, 120_000);
});

/** One course with people and one of (nearly) everything, through the API as a client builds it. */
async function seedCourse(server: TestServer): Promise<{ ids: Record<string, Array<number | string>>; tokens: string[] }> {
  const roster = await createRosterCourse(server, 'Fuzz 101');
  const { teacher, studentA, studentB, observer, outsider, ta } = roster;
  const ok = async (token: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await api(server, token, method, path, body);
    if (res.status >= 300) throw new Error(`seeding ${method} ${path} → ${res.status} ${JSON.stringify(res.json)}`);
    return res.json as Record<string, unknown>;
  };
  const course = `/api/v1/courses/${roster.id}`;
  const assignment = await ok(teacher.token, 'POST', `${course}/assignments`, { assignment: { name: 'Essay', points_possible: 10, submission_types: ['online_text_entry'], published: true } });
  const quiz = await ok(teacher.token, 'POST', `${course}/quizzes`, { quiz: { title: 'Quiz', published: true } });
  const topic = await ok(teacher.token, 'POST', `${course}/discussion_topics`, { title: 'Topic', message: 'hi', published: true, allow_rating: true });
  const entry = await ok(studentA.token, 'POST', `${course}/discussion_topics/${String(topic.id)}/entries`, { message: '<p>first</p>' });
  const reply = await ok(studentB.token, 'POST', `${course}/discussion_topics/${String(topic.id)}/entries/${String(entry.id)}/replies`, { message: 'reply' });
  const file = await ok(teacher.token, 'POST', `${course}/files`, { name: 'notes.txt', content: Buffer.from('hello').toString('base64') });
  const page = await ok(teacher.token, 'POST', `${course}/pages`, { wiki_page: { title: 'Welcome', body: '<p>hi</p>', published: true } });
  const module = await ok(teacher.token, 'POST', `${course}/modules`, { module: { name: 'Week 1' } });
  const item = await ok(teacher.token, 'POST', `${course}/modules/${String(module.id)}/items`, { module_item: { type: 'Assignment', content_id: assignment.id, completion_requirement: { type: 'must_submit' } } });
  const pageItem = await ok(teacher.token, 'POST', `${course}/modules/${String(module.id)}/items`, { module_item: { type: 'Page', page_url: page.url, completion_requirement: { type: 'must_mark_done' } } });
  await ok(teacher.token, 'PUT', `${course}/modules/${String(module.id)}`, { module: { published: true } });
  const submission = await ok(studentA.token, 'POST', `${course}/assignments/${String(assignment.id)}/submissions`, { submission: { submission_type: 'online_text_entry', body: '<p>essay</p>' } });
  const category = await ok(teacher.token, 'POST', `${course}/group_categories`, { name: 'Projects' });
  const group = await ok(teacher.token, 'POST', `/api/v1/group_categories/${String(category.id)}/groups`, { name: 'Team A' });
  const membership = await ok(teacher.token, 'POST', `/api/v1/groups/${String(group.id)}/memberships`, { user_id: studentA.id });
  const groupPage = await ok(studentA.token, 'POST', `/api/v1/groups/${String(group.id)}/pages`, { wiki_page: { title: 'Notes' } });
  const polls = await ok(teacher.token, 'POST', '/api/v1/polls', { polls: [{ question: 'Which?' }] });
  const poll = (polls.polls as Array<Record<string, unknown>>)[0]!;
  const choice = ((await ok(teacher.token, 'POST', `/api/v1/polls/${String(poll.id)}/poll_choices`, { poll_choices: [{ text: 'A', is_correct: true }] })).poll_choices as Array<Record<string, unknown>>)[0]!;
  const session = ((await ok(teacher.token, 'POST', `/api/v1/polls/${String(poll.id)}/poll_sessions`, { poll_sessions: [{ course_id: roster.id }] })).poll_sessions as Array<Record<string, unknown>>)[0]!;
  await ok(teacher.token, 'GET', `/api/v1/polls/${String(poll.id)}/poll_sessions/${String(session.id)}/open`);
  const pollSubmission = ((await ok(studentA.token, 'POST', `/api/v1/polls/${String(poll.id)}/poll_sessions/${String(session.id)}/poll_submissions`, { poll_submissions: [{ poll_choice_id: choice.id }] })).poll_submissions as Array<Record<string, unknown>>)[0]!;
  const note = await ok(studentA.token, 'POST', '/api/v1/planner_notes', { title: 'Read', todo_date: '2030-01-01T00:00:00Z', course_id: roster.id });
  const override = await ok(studentA.token, 'POST', '/api/v1/planner/overrides', { plannable_type: 'assignment', plannable_id: assignment.id, marked_complete: true });
  const column = await ok(teacher.token, 'POST', `${course}/custom_gradebook_columns`, { column: { title: 'Notes' } });
  const token = await ok(studentA.token, 'POST', `/api/v1/users/${studentA.id}/tokens`, { token: { purpose: 'fuzz' } });
  const channels = (await api(server, studentA.token, 'GET', `/api/v1/users/${studentA.id}/communication_channels`)).json as Array<Record<string, unknown>>;
  const assessment = await api(server, teacher.token, 'POST', `${course}/live_assessments`, { assessments: [{ key: 'k1', title: 'Live' }] });
  const assessmentId = ((assessment.json as { assessments?: Array<{ id: unknown }> }).assessments ?? [])[0]?.id;
  const role = await api(server, ADMIN_TOKEN, 'POST', `/api/v1/accounts/${roster.accountId}/roles`, { label: 'Grader', base_role_type: 'TaEnrollment' });
  const num = (value: unknown): number[] => (typeof value === 'number' ? [value] : typeof value === 'string' && /^\d+$/.test(value) ? [Number(value)] : []);
  const ids: Record<string, Array<number | string>> = {
    course: [roster.id],
    account: [roster.accountId, 'self'],
    section: [roster.sectionId, roster.sectionB],
    user: [teacher.id, studentA.id, studentB.id, observer.id, 'self'],
    enrollment: Object.values(roster.enrollmentIds),
    assignment: num(assignment.id),
    quiz: num(quiz.id),
    topic: num(topic.id),
    discussion_topic: num(topic.id),
    entry: [...num(entry.id), ...num(reply.id)],
    file: num(file.id),
    url: [String(page.url), String(groupPage.url), 'front_page'],
    revision: [1, 'latest'],
    module: num(module.id),
    item: [...num(item.id), ...num(pageItem.id)],
    group_category: num(category.id),
    group: num(group.id),
    membership: num(membership.id),
    poll: num(poll.id),
    poll_choice: num(choice.id),
    poll_session: num(session.id),
    poll_submission: num(pollSubmission.id),
    planner_note: num(note.id),
    override: num(override.id),
    custom_gradebook_column: num(column.id),
    token: num(token.id),
    communication_channel: channels.flatMap((c) => num(c.id)),
    type: ['email'],
    address: channels.map((c) => String(c.address)),
    assessment: num(assessmentId),
    submission: num(submission.id),
    role: num((role.json as { id?: unknown }).id),
  };
  return { ids, tokens: [ADMIN_TOKEN, ADMIN_TOKEN, teacher.token, teacher.token, ta.token, studentA.token, studentA.token, studentB.token, observer.token, outsider.token] };
}
