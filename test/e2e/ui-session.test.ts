import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { fillSignIn, signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { UI_WAIT, closeTab, expectNoAxeViolations, expectScreen, openTab } from '../helpers/ui-screens.ts';

describe('signing in with a password, the session, and approved integrations', () => {
  const rig = new UiDemoRig();

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });

  it('signs in, keeps the session across a reload, and signing out ends it on the server too', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await page.goto(rig.demo.server.url);
    await expectScreen(page, 'Sign in to Outpost');
    await fillSignIn(page, rig.demo.teacher.login, rig.demo.teacher.password);
    await expectScreen(page, 'Your courses');
    await expect.poll(() => syncStatus(page).textContent(), UI_WAIT).toContain('Not connected');

    // The session is an HttpOnly cookie the page cannot read; nothing is kept in storage.
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ name: `outpost_session_${rig.demo.server.port}`, httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate('localStorage.length + sessionStorage.length + document.cookie.length')).toBe(0);

    await page.reload();
    await expectScreen(page, 'Your courses');
    expect(await page.getByTestId('signed-in-user').textContent()).toBe(`Signed in as ${rig.demo.teacher.name}`);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectScreen(page, 'Sign in to Outpost');
    expect(await syncStatus(page).count()).toBe(0);
    // The old cookie is worthless now, even if someone kept a copy.
    const replay = await fetch(`${rig.demo.server.url}/api/v1/login/session`, { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(replay.status).toBe(401);
    await page.reload();
    await expectScreen(page, 'Sign in to Outpost');
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('says so when the email or password is wrong, and shows the server’s throttling message', async () => {
    const page = await openTab(rig.browser);
    await page.goto(rig.demo.server.url);
    await expectScreen(page, 'Sign in to Outpost');
    await fillSignIn(page, rig.demo.student.login, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').textContent(), UI_WAIT).toBe('Invalid email or password');
    await expectNoAxeViolations(page);

    // Throttling needs many failures; its answer is shown as the server words it.
    const wait = 'Too many failed sign-ins. Wait 5 minutes, then try again.';
    await page.route('**/api/v1/login/session', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 429, headers: { 'Retry-After': '300' }, json: { errors: [{ message: wait }] } })
        : route.continue(),
    );
    await fillSignIn(page, rig.demo.student.login, rig.demo.student.password);
    await expect.poll(() => page.getByRole('alert').textContent(), UI_WAIT).toBe(wait);
    await closeTab(page);
  });

  it('shows the demo teacher and a demo student each their own courses and role', async () => {
    for (const [user, role] of [
      [rig.demo.teacher, 'Teacher'],
      [rig.demo.student, 'Student'],
    ] as const) {
      const page = await openTab(rig.browser);
      await signIn(page, rig.demo.server.url, user);
      await expectScreen(page, 'Your courses');
      const cards = page.getByRole('list', { name: 'Courses' }).getByRole('listitem');
      expect(await cards.allTextContents()).toEqual([expect.stringContaining(DEMO.course.name)]);
      expect(await cards.first().textContent()).toContain(role);
      await closeTab(page);
    }
  });

  it('tells the person their session ended when it is revoked elsewhere, and signs them back in where they were', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.getByRole('link', { name: DEMO.course.name }).click();
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);

    // Another tab signs out: the same session ends for this one too.
    const { csrf_token } = (await (await page.request.get(`${rig.demo.server.url}/api/v1/login/session`)).json()) as { csrf_token: string };
    expect((await page.request.delete(`${rig.demo.server.url}/api/v1/login/session`, { headers: { 'X-CSRF-Token': csrf_token } })).status()).toBe(204);

    await expect.poll(() => page.getByRole('alert').textContent(), UI_WAIT).toBe('Your session has expired or was ended. Sign in again to continue.');
    await expectScreen(page, 'Sign in to Outpost');
    await fillSignIn(page, rig.demo.student.login, rig.demo.student.password);
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    await closeTab(page);
  });

  it('creates an access token shown once, which works for tools until it is deleted', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expectScreen(page, 'Settings');
    const integrations = page.getByRole('region', { name: 'Approved integrations' });

    await integrations.getByRole('textbox', { name: 'Purpose' }).fill('Grade export script');
    await integrations.getByRole('button', { name: 'Generate token' }).click();
    const secret = integrations.getByRole('textbox', { name: 'New token for “Grade export script”' });
    await secret.waitFor();
    const token = await secret.inputValue();
    const self = await api(rig.demo.server, token, 'GET', '/api/v1/users/self');
    expect([self.status, (self.json as { name: string }).name]).toEqual([200, rig.demo.teacher.name]);
    await integrations.getByRole('button', { name: 'Done' }).click();
    expect(await secret.count()).toBe(0);

    const row = integrations.getByRole('row').filter({ hasText: 'Grade export script' });
    expect(await row.textContent()).toContain(token.slice(0, 4));
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: 'Delete token: Grade export script' }).click();
    await expect.poll(() => row.count(), UI_WAIT).toBe(0);
    expect((await api(rig.demo.server, token, 'GET', '/api/v1/users/self')).status).toBe(401);
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
