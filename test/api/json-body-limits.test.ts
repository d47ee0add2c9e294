import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStrongToken } from '../../src/server/config.ts';
import { MAX_JSON_DEPTH } from '../../src/server/http/params/forbidden-keys.ts';
import { BODY_LIMITS } from '../../src/server/http/params/request-body.ts';
import { storedRows } from '../helpers/sqlite-rows.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { replayEntry, ROUTES } from '../helpers/sync-fixtures.ts';

const ADMIN = generateStrongToken();

/** `depth` levels of objects: `{"a":{"a":…{"a":1}…}}` (depth 1 is `{"a":1}`). */
const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('nested and oversized JSON bodies answer 400/413, on any route, the sync replay included', () => {
  let server: TestServer;
  let coursesBefore: number;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN, webhooks: false });
    coursesBefore = courseRows();
  });
  afterAll(() => server.stop());

  const post = (path: string, body: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body });
  const courseRows = () => storedRows(server).filter((row) => row.doc.type === 'course').length;
  const expectCanvasError = async (res: Response, status: number, message: RegExp) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ errors: [{ message: expect.stringMatching(message) }] });
  };
  const deepCourse = (depth: number) => `{"course":{"name":"Deep","syllabus_body":${nested(depth - 2)}}}`;
  const deepReplay = (depth: number) =>
    `{"device":7,"entries":[{"id":1,"method":"PUT","route":"${ROUTES.page}","params":${nested(depth - 3)},"user_id":1,"device_time":1,"base":null,"created":[]}]}`;

  it('a body nested one level deeper than the limit is a 400 naming the limit; at the limit it is validated as usual', async () => {
    const tooDeep = new RegExp(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    await expectCanvasError(await post('/api/v1/accounts/self/courses', deepCourse(MAX_JSON_DEPTH + 1)), 400, tooDeep);
    await expectCanvasError(await post('/api/v1/sync/replay', deepReplay(MAX_JSON_DEPTH + 1)), 400, tooDeep);
    // At the limit the route's own validation answers (a syllabus is text), never the depth check.
    const atLimit = await post('/api/v1/accounts/self/courses', deepCourse(MAX_JSON_DEPTH));
    expect(atLimit.status).toBe(400);
    expect(JSON.stringify(await atLimit.json())).not.toMatch(/nested deeper/);
  });

  it('a body nested 100,000 levels deep is a 400 on both, and the server answers normally afterwards', async () => {
    await expectCanvasError(await post('/api/v1/accounts/self/courses', deepCourse(100_000)), 400, /nested deeper/);
    await expectCanvasError(await post('/api/v1/sync/replay', deepReplay(100_000)), 400, /nested deeper/);
    await expectCanvasError(await post('/api/v1/sync/replay', `{"device":7,"entries":[${'['.repeat(200_000)}${']'.repeat(200_000)}]}`), 400, /nested deeper/);
    const course = await post('/api/v1/accounts/self/courses', JSON.stringify({ course: { name: 'After the deep ones' } }));
    expect(course.status).toBe(200);
    expect(server.errors).toEqual([]);
  });

  it('a body over the largest limit a route has is a 413 on both', async () => {
    const padding = (bytes: number) => 'x'.repeat(bytes);
    const course = JSON.stringify({ course: { name: 'Big', syllabus_body: padding(BODY_LIMITS.html.bytes) } });
    await expectCanvasError(await post('/api/v1/accounts/self/courses', course), 413, /larger than \d+ bytes/);
    const entry = replayEntry(1, 'PUT', ROUTES.page, { wiki_page: { body: padding(BODY_LIMITS.html.bytes) } });
    const replay = JSON.stringify({ device: 7, entries: [entry] });
    await expectCanvasError(await post('/api/v1/sync/replay', replay), 413, new RegExp(`larger than ${BODY_LIMITS.html.bytes} bytes`));
  });

  it('none of the refused bodies wrote anything', () => {
    // Only the one course created after the deep bodies exists beside what the install started with.
    expect(courseRows()).toBe(coursesBefore + 1);
  });
});
