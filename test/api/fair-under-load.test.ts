import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { sendAtOnce } from '../helpers/parallel-requests.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const FLOAT = /^\d+\.\d+$/;

/** The request budget engages under a real burst (decision 0080): refused requests are 429, cheap and harmless. */
describe('request budgets under 200 concurrent writers', () => {
  let server: TestServer;
  let writer: FixtureUser;
  let other: FixtureUser;

  beforeAll(async () => {
    server = await startTestServer();
    writer = await createFixtureUser(server, 'Busy Writer');
    other = await createFixtureUser(server, 'Other Teacher');
  });
  afterAll(() => server?.stop());

  const notesOf = async (user: FixtureUser) => (await server.core.services.repos.plannerNotes.find({ user_id: user.id })).length;

  it("one user's 200 parallel writes: the excess answers 429 with Retry-After and Canvas's marks, and writes nothing", async () => {
    const bodies = Array.from({ length: 200 }, (_, i) => JSON.stringify({ title: `Note ${i}`, todo_date: '2026-12-01T10:00:00Z' }));
    const answers = await sendAtOnce(`${server.url}/api/v1/planner_notes`, 200, {
      method: 'POST',
      headers: [{ authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' }],
      bodies,
    });
    const refused = answers.filter((answer) => answer.status === 429);
    const created = answers.filter((answer) => answer.status === 201);
    expect(refused.length, 'some writes were throttled').toBeGreaterThan(0);
    expect(created.length, 'the bucket let the first ones through').toBeGreaterThan(0);
    expect(refused.length + created.length).toBe(200);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      expect(answer.headers['x-rate-limit-remaining']).toBe('0.0');
      expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: '403 Forbidden (Rate Limit Exceeded)' }] });
    }
    for (const answer of created) {
      expect(answer.headers['x-request-cost']).toMatch(FLOAT);
      expect(answer.headers['x-rate-limit-remaining']).toMatch(FLOAT);
    }
    // Each refused write left nothing behind; each accepted one exactly one note.
    expect(await notesOf(writer)).toBe(created.length);
    // Another user's budget is their own.
    const elsewhere = await api(server, other.token, 'POST', '/api/v1/planner_notes', { title: 'Mine', todo_date: '2026-12-01T10:00:00Z' });
    expect(elsewhere.status).toBe(201);
  });
});
