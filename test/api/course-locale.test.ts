import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let c: RosterCourse;

beforeAll(async () => {
  server = await startTestServer();
  c = await createRosterCourse(server, 'Français 101');
});
afterAll(() => server.stop());

describe("a course's language (Canvas's course[locale])", () => {
  const path = () => `/api/v1/courses/${c.id}`;
  const localeOf = async (token: string) => ((await api(server, token, 'GET', path())).json as { locale: string | null }).locale;

  it('is none at first, is set by those who manage the course, and every member reads it', async () => {
    expect(await localeOf(c.teacher.token)).toBeNull();
    expectUnauthorized(await api(server, c.studentA.token, 'PUT', path(), { course: { locale: 'fr' } }));
    const put = await api(server, c.teacher.token, 'PUT', path(), { course: { locale: 'fr' } });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ locale: 'fr' });
    expect(await localeOf(c.studentA.token)).toBe('fr');
  });

  it('refuses a language Outpost does not have, and an empty value clears it', async () => {
    expect((await api(server, c.teacher.token, 'PUT', path(), { course: { locale: 'tlh' } })).status).toBe(400);
    expect(await localeOf(c.teacher.token)).toBe('fr');
    expect((await api(server, c.teacher.token, 'PUT', path(), { course: { locale: '' } })).status).toBe(200);
    expect(await localeOf(c.teacher.token)).toBeNull();
  });
});
