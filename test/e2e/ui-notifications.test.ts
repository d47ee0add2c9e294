import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunicationChannel, NotificationPreference } from '../../src/contracts/session-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** A student chooses how often a category of notification reaches their email, under Settings. */
describe('notification preferences', () => {
  const rig = new UiDemoRig();

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const gradingFrequencies = async () => {
    const [email] = (await api(rig.demo.server, rig.demo.student.token, 'GET', '/api/v1/users/self/communication_channels')).json as CommunicationChannel[];
    const res = await api(rig.demo.server, rig.demo.student.token, 'GET', `/api/v1/users/self/communication_channels/${email!.id}/notification_preferences`);
    const list = (res.json as { notification_preferences: NotificationPreference[] }).notification_preferences;
    return [...new Set(list.filter((p) => p.category === 'grading').map((p) => p.frequency))];
  };

  const radio = (page: Page, category: string, frequency: string) => page.getByRole('radio', { name: `${category} ${frequency}`, exact: true });

  it('a category set to Never is saved for each of its notifications and shown so after a reload; the table is axe-clean', async () => {
    expect(await gradingFrequencies()).toEqual(['immediately']);
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/settings`);
    await expectScreen(page, 'Settings');
    // Categories by frequency, under grouped headings.
    const table = page.getByRole('table', { name: 'How often each notification is sent' });
    await table.getByRole('rowheader', { name: 'Course activities' }).waitFor(UI_WAIT);
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Notification', 'Right away', 'Daily summary', 'Weekly summary', 'Never']);
    expect(await radio(page, 'Grading', 'Right away').isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await radio(page, 'Grading', 'Never').check();
    await expect.poll(gradingFrequencies, UI_WAIT).toEqual(['never']);
    await page.reload();
    await expectScreen(page, 'Settings');
    await expect.poll(() => radio(page, 'Grading', 'Never').isChecked(), UI_WAIT).toBe(true);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('two quick choices in a row are both sent, in order, and the last one stays (decision 0093)', async () => {
    const page = await openTab(rig.browser);
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PUT' && req.url().includes('/notification_preference_categories/grading')) sent.push(req.postData() ?? '');
    });
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/settings`);
    await radio(page, 'Grading', 'Daily summary').waitFor(UI_WAIT);
    await radio(page, 'Grading', 'Daily summary').check();
    await radio(page, 'Grading', 'Weekly summary').check();
    await expect.poll(gradingFrequencies, UI_WAIT).toEqual(['weekly']);
    expect(sent.map((body) => (JSON.parse(body) as { notification_preferences: { frequency: string } }).notification_preferences.frequency)).toEqual(['daily', 'weekly']);
    expect(await radio(page, 'Grading', 'Weekly summary').isChecked()).toBe(true);
    await closeTab(page);
  });
});
