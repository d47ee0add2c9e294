import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectInvalidToken } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'error-reports-admin-token';
const PATH = '/api/v1/error_reports';

describe('POST /api/v1/error_reports', () => {
  let server: TestServer;
  let user: FixtureUser;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    user = await createFixtureUser(server, 'Reporter');
  });
  afterAll(() => server.stop());

  const stored = async (id: number) => (await server.core.services.repos.errorReports.get(id))!;
  const count = () => server.core.services.repos.errorReports.count();

  describe('errors first', () => {
    it('needs a token', async () => {
      expectInvalidToken(await api(server, undefined, 'POST', PATH, { error: { subject: 'x' } }));
      expectInvalidToken(await api(server, 'wrong-token', 'POST', PATH, { error: { subject: 'x' } }));
    });

    it('validates before storing anything', async () => {
      const before = await count();
      expect(await api(server, user.token, 'POST', PATH, {})).toMatchObject({ status: 400, json: { errors: [{ message: 'error is missing' }] } });
      expect(await api(server, user.token, 'POST', PATH, { error: { comments: 'no subject' } })).toMatchObject({
        status: 400,
        json: { errors: { subject: [{ attribute: 'subject', type: 'blank', message: "can't be blank" }] } },
      });
      expect((await api(server, user.token, 'POST', PATH, { error: { subject: ' ' } })).status).toBe(400);
      expect((await api(server, user.token, 'POST', PATH, { error: { subject: 'x'.repeat(256) } })).json).toMatchObject({ errors: { subject: [{ type: 'too_long' }] } });
      expect((await api(server, user.token, 'POST', PATH, { error: { subject: 'x', user_perceived_severity: 'meh' } })).json).toMatchObject({
        errors: { user_perceived_severity: [{ attribute: 'user_perceived_severity' }] },
      });
      expect((await api(server, user.token, 'POST', PATH, { error: { subject: 'x', context_asset_string: 'course12' } })).status).toBe(400);
      expect((await api(server, user.token, 'POST', PATH, { error: { subject: 'x', http_env: 'not json' } })).json).toMatchObject({ errors: { http_env: [{ type: 'invalid' }] } });
      expect((await api(server, user.token, 'POST', PATH, { error: { subject: 'x', http_env: { nested: { a: 1 } } } })).status).toBe(400);
      expect((await api(server, user.token, 'POST', PATH, { error: { subject: 'x', http_env: [1, 2] } })).status).toBe(400);
      const huge = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`K${i}`, 'v']));
      expect((await api(server, user.token, 'POST', PATH, { error: { subject: 'x', http_env: huge } })).status).toBe(400);
      expect(await count()).toBe(before);
    });

    it('refuses a filled honeypot with an empty JSON 400 and stores nothing', async () => {
      const before = await count();
      expect(await api(server, user.token, 'POST', PATH, { error: { subject: 'Buy now', username: 'bot' } })).toMatchObject({ status: 400, json: {} });
      expect(await count()).toBe(before);
    });
  });

  describe('filing', () => {
    it('records the report, its reporter and the request, answering {"logged":true,"id":…}', async () => {
      const res = await api(server, user.token, 'POST', PATH, {
        error: {
          subject: '  Quiz will not load ',
          comments: 'Spinner forever',
          email: 'reporter@example.test',
          url: 'https://outpost.test/courses/1/quizzes/2',
          user_perceived_severity: 'blocks_what_i_need_to_do',
          context_asset_string: 'course_1',
          user_roles: 'user,student',
          username: '',
        },
      });
      expect(res).toEqual({ status: 200, headers: expect.anything(), json: { logged: true, id: expect.any(Number) } });
      const report = await stored((res.json as { id: number }).id);
      expect(report.user_id).toBe(user.id);
      expect(report.data).toMatchObject({
        user_id: user.id,
        account_id: server.core.services.installation.root_account_id,
        subject: 'Quiz will not load',
        comments: 'Spinner forever',
        email: 'reporter@example.test',
        url: 'https://outpost.test/courses/1/quizzes/2',
        user_perceived_severity: 'blocks_what_i_need_to_do',
        context_asset_string: 'course_1',
        user_roles: 'user,student',
      });
      const host = new URL(server.url).host;
      expect(report.data.http_env).toMatchObject({ REQUEST_METHOD: 'POST', PATH_INFO: PATH, HTTP_HOST: host, REQUEST_ID: report.data.request_context_id });
      // fetch identifies itself; the report keeps what the client said.
      expect((report.data.http_env as Record<string, string>).HTTP_USER_AGENT).toMatch(/\S/);
      expect(report.data.request_context_id).not.toBe('');
    });

    it('works for any token, admin or not, and keeps optional fields empty', async () => {
      const res = await api(server, ADMIN, 'POST', PATH, { error: { subject: 'Admin here' } });
      expect(res.status).toBe(200);
      const report = await stored((res.json as { id: number }).id);
      expect(report.data).toMatchObject({ subject: 'Admin here', comments: null, email: null, url: null, user_perceived_severity: null, context_asset_string: null });
    });

    it("keeps the client's http_env, sent as a hash or serialized as JSON, form-encoded too", async () => {
      const asHash = await api(server, user.token, 'POST', PATH, { error: { subject: 'env', http_env: { HTTP_USER_AGENT: 'Canvas/1.0', __proto__x: 1 } } });
      expect((await stored((asHash.json as { id: number }).id)).data.http_env).toEqual({ HTTP_USER_AGENT: 'Canvas/1.0', __proto__x: '1' });
      const form = await fetch(`${server.url}${PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ 'error[subject]': 'form', 'error[http_env]': JSON.stringify({ HTTP_REFERER: 'https://outpost.test/x' }) }).toString(),
      });
      expect(form.status).toBe(200);
      const body = (await form.json()) as { id: number };
      expect((await stored(body.id)).data).toMatchObject({ subject: 'form', http_env: { HTTP_REFERER: 'https://outpost.test/x' } });
    });
  });
});
