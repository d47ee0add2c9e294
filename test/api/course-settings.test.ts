import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('course settings API', () => {
  let server: TestServer;
  let c: RosterCourse;
  let path: string;
  beforeAll(async () => {
    server = await startTestServer();
    c = await createRosterCourse(server, 'Settings 101');
    path = `/api/v1/courses/${c.id}/settings`;
  });
  afterAll(() => server.stop());

  it('refuses requests without a token', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', path));
    expectInvalidToken(await api(server, undefined, 'PUT', path, { conditional_release: true }));
  });

  it('refuses callers without the right: outsiders read nothing, students and observers change nothing', async () => {
    expectUnauthorized(await api(server, c.outsider.token, 'GET', path));
    expectUnauthorized(await api(server, c.studentA.token, 'PUT', path, { conditional_release: true }));
    expectUnauthorized(await api(server, c.observer.token, 'PUT', path, { conditional_release: true }));
    expect((await api(server, c.teacher.token, 'GET', path)).json).toEqual({ conditional_release: false });
  });

  it('answers 404 for an unknown course', async () => {
    expectNotFound(await api(server, c.teacher.token, 'GET', '/api/v1/courses/999999999/settings'));
  });

  it('turns Mastery Paths on and off, returning the settings, which everyone in the course can read', async () => {
    expect(await api(server, c.teacher.token, 'PUT', path, { conditional_release: true })).toMatchObject({ status: 200, json: { conditional_release: true } });
    expect((await api(server, c.studentA.token, 'GET', path)).json).toEqual({ conditional_release: true });
    // A form-encoded body, as Canvas clients send it, with one of Canvas's boolean words.
    const form = await fetch(server.url + path, {
      method: 'PUT',
      headers: { authorization: `Bearer ${c.teacher.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'conditional_release=off',
    });
    expect(form.status).toBe(200);
    expect(await form.json()).toEqual({ conditional_release: false });
    // Leaving the setting out changes nothing.
    expect((await api(server, c.teacher.token, 'PUT', path, { other_setting: true })).json).toEqual({ conditional_release: false });
  });

  it('answers 400 for a value that is not a boolean, and keeps the setting', async () => {
    await api(server, c.teacher.token, 'PUT', path, { conditional_release: 'yes' });
    for (const bad of ['maybe', 2, ['true'], { on: true }]) {
      const res = await api(server, c.teacher.token, 'PUT', path, { conditional_release: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json).toMatchObject({ errors: { conditional_release: [{ attribute: 'conditional_release' }] } });
    }
    expect((await api(server, c.teacher.token, 'GET', path)).json).toEqual({ conditional_release: true });
  });
});
