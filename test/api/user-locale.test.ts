import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'user-locale-test-admin-token';

let server: TestServer;
let c: RosterCourse;

beforeAll(async () => {
  server = await startTestServer({ adminToken: ADMIN });
  c = await createRosterCourse(server, 'Languages 101');
});
afterAll(() => server.stop());

const localeOf = async (token: string, userId: number | 'self') => {
  const profile = await api(server, token, 'GET', `/api/v1/users/${userId}/profile`);
  expect(profile.status).toBe(200);
  const { locale, effective_locale } = profile.json as { locale: string | null; effective_locale: string };
  return { locale, effective_locale };
};

describe("a user's language (Canvas's user[locale])", () => {
  it('is unset at first: the profile speaks English', async () => {
    expect(await localeOf(c.studentA.token, 'self')).toEqual({ locale: null, effective_locale: 'en' });
  });

  it('is chosen with PUT /users/self, JSON or form-encoded, and shows in the user, the profile and the session', async () => {
    const put = await api(server, c.studentA.token, 'PUT', '/api/v1/users/self', { user: { locale: 'fr' } });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ id: c.studentA.id, locale: 'fr', effective_locale: 'fr' });
    expect(await localeOf(c.studentA.token, 'self')).toEqual({ locale: 'fr', effective_locale: 'fr' });
    expect((await api(server, c.studentA.token, 'GET', '/api/v1/users/self')).json).toMatchObject({ locale: 'fr', effective_locale: 'fr' });

    const form = await fetch(`${server.url}/api/v1/users/${c.studentA.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${c.studentA.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'user%5Blocale%5D=ar',
    });
    expect(form.status).toBe(200);
    expect(await localeOf(c.studentA.token, 'self')).toEqual({ locale: 'ar', effective_locale: 'ar' });
  });

  it('is cleared by an empty value, and other fields are left alone', async () => {
    await api(server, c.studentB.token, 'PUT', '/api/v1/users/self', { user: { locale: 'sw', time_zone: 'Africa/Nairobi' } });
    const cleared = await api(server, c.studentB.token, 'PUT', '/api/v1/users/self', { user: { locale: '' } });
    expect(cleared.json).toMatchObject({ locale: null, effective_locale: 'en', time_zone: 'Africa/Nairobi' });
  });

  it('refuses a language Outpost does not have with a keyed 400, and changes nothing', async () => {
    await api(server, c.designer.token, 'PUT', '/api/v1/users/self', { user: { locale: 'es' } });
    const bad = await api(server, c.designer.token, 'PUT', '/api/v1/users/self', { user: { locale: 'xx' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ errors: { locale: [{ attribute: 'locale', type: 'inclusion', message: 'is not included in the list' }] } });
    expect(await localeOf(c.designer.token, 'self')).toEqual({ locale: 'es', effective_locale: 'es' });
    const create = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/users', { user: { locale: 'klingon' }, pseudonym: { unique_id: 'kl@example.test' } });
    expect(create.status).toBe(400);
  });

  it('is changed by the user themself or a user admin only; the profile is read by them only', async () => {
    expectInvalidToken(await api(server, undefined, 'PUT', `/api/v1/users/${c.studentA.id}`, { user: { locale: 'es' } }));
    expectUnauthorized(await api(server, c.studentB.token, 'PUT', `/api/v1/users/${c.studentA.id}`, { user: { locale: 'es' } }));
    expectUnauthorized(await api(server, c.teacher.token, 'GET', `/api/v1/users/${c.studentA.id}/profile`));
    expect((await api(server, ADMIN, 'PUT', `/api/v1/users/${c.studentA.id}`, { user: { locale: 'es' } })).status).toBe(200);
    expect(await localeOf(ADMIN, c.studentA.id)).toEqual({ locale: 'es', effective_locale: 'es' });
    expect((await api(server, ADMIN, 'PUT', '/api/v1/users/999999', { user: { locale: 'es' } })).status).toBe(404);
  });
});
