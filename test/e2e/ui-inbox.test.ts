import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/contracts/inbox-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** A student writes to the teacher by typing part of her name; the teacher sees it unread and replies; the student reads the reply and archives it. */
describe('the inbox', () => {
  const rig = new UiDemoRig();
  const subject = 'Question about the field trip';

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const conversationsOf = async (token: string, scope?: string) =>
    (await api(rig.demo.server, token, 'GET', `/api/v1/conversations${scope ? `?scope=${scope}` : ''}`)).json as Conversation[];

  it('the student composes to the teacher, choosing her from what the To box finds', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
    await expectScreen(page, 'Inbox');
    await page.getByRole('link', { name: 'Compose' }).click();
    await expectScreen(page, 'New message');

    const to = page.getByRole('combobox', { name: 'To' });
    await to.fill(rig.demo.teacher.name.slice(0, 4).toLowerCase());
    await page.getByRole('option', { name: rig.demo.teacher.name }).waitFor(UI_WAIT);
    expect(await to.getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page);
    await to.press('ArrowDown');
    await to.press('Enter');
    await page.getByRole('list', { name: 'Recipients' }).getByText(rig.demo.teacher.name).waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).fill('Do we need boots for the wetlands?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectScreen(page, subject);
    await page.getByRole('listitem', { name: `Message from ${rig.demo.student.name}` }).getByText('Do we need boots').waitFor();

    const [sent] = await conversationsOf(rig.demo.teacher.token);
    expect(sent).toMatchObject({ subject, workflow_state: 'unread', participants: expect.arrayContaining([expect.objectContaining({ id: rig.demo.student.id })]) });
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('the teacher sees the unread count, opens the conversation and replies', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.getByRole('link', { name: 'Inbox, 1 unread' }).click();
    await expectScreen(page, 'Inbox');
    await page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: subject }).click();
    await expectScreen(page, subject);
    // Reading it marked it read: the count in the header goes.
    await page.getByRole('link', { name: 'Inbox', exact: true }).waitFor(UI_WAIT);

    await page.getByRole('textbox', { name: 'Reply' }).fill('Yes, boots and a rain jacket.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('listitem', { name: `Message from ${rig.demo.teacher.name}` }).waitFor(UI_WAIT);
    expect(await page.getByRole('textbox', { name: 'Reply' }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('the student reads the reply, then archives the conversation and finds it under Archived', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.getByRole('link', { name: 'Inbox, 1 unread' }).click();
    await expectScreen(page, 'Inbox');
    const list = page.getByRole('list', { name: 'Conversations' });
    await list.getByRole('listitem').filter({ hasText: 'Unread' }).getByRole('link', { name: subject }).click();
    await expectScreen(page, subject);
    await page.getByRole('listitem', { name: `Message from ${rig.demo.teacher.name}` }).getByText('boots and a rain jacket').waitFor();

    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Move to inbox' }).waitFor(UI_WAIT);
    expect(await conversationsOf(rig.demo.student.token, 'archived')).toEqual([expect.objectContaining({ subject, workflow_state: 'archived' })]);
    await page.getByRole('link', { name: 'All conversations' }).click();
    await expectScreen(page, 'Inbox');
    await page.getByText('No conversations here.').waitFor(UI_WAIT);
    await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Archived' });
    await list.getByRole('link', { name: subject }).waitFor(UI_WAIT);
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
