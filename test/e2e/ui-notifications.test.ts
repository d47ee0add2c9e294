import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunicationChannel, NotificationPreference } from '../../src/contracts/session-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

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

  it('a category set to Never is saved for each of its notifications and shown so after a reload', async () => {
    expect(await gradingFrequencies()).toEqual(['immediately']);
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/settings`);
    await expectScreen(page, 'Settings');
    await page.getByRole('combobox', { name: 'Grading', exact: true }).selectOption({ label: 'Never' });
    await expect.poll(gradingFrequencies, UI_WAIT).toEqual(['never']);
    await page.reload();
    await expectScreen(page, 'Settings');
    expect(await page.getByRole('combobox', { name: 'Grading', exact: true }).inputValue()).toBe('never');
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
