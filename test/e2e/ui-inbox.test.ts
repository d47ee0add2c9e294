import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/contracts/inbox-dtos.ts';
import type { CourseUser } from '../../src/contracts/lms-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** A student writes to the teacher by typing part of her name; the teacher sees it unread and replies; the student reads the reply and archives it. */
describe('the inbox', () => {
  const rig = new UiDemoRig();
  const subject = 'Question about the field trip';

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  /** An API token for another demo person, issued by the admin. */
  const tokenOf = async (login: string) => {
    const roster = (await api(rig.demo.server, rig.demo.adminToken, 'GET', `/api/v1/courses/${rig.demo.courseId}/users?per_page=100`)).json as CourseUser[];
    const user = roster.find((u) => u.login_id === login)!;
    return ((await api(rig.demo.server, rig.demo.adminToken, 'POST', `/api/v1/users/${user.id}/tokens`, { token: { purpose: 'ui test' } })).json as { visible_token: string }).visible_token;
  };
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

  it('a new message raises a desktop notification while its preference is Right away, and none once it is Never', async () => {
    const { server, teacher, student, courseId, adminToken } = rig.demo;
    const context = await rig.browser.newContext({ permissions: ['notifications'] });
    // Records what the page shows as notifications (the browser's own Notification, otherwise unchanged).
    await context.addInitScript(`{
      const Native = window.Notification;
      window.__notices = [];
      window.Notification = class extends Native {
        constructor(title, options) { super(title, options); window.__notices.push(title); }
      };
    }`);
    // Canvas's default for messages is a daily summary, which raises no desktop notification: Right away first.
    const [email] = (await api(server, teacher.token, 'GET', '/api/v1/users/self/communication_channels')).json as { id: number }[];
    const messagesEvery = async (frequency: string) => {
      const path = `/api/v1/users/self/communication_channels/${email!.id}/notification_preference_categories/conversation_message`;
      expect((await api(server, teacher.token, 'PUT', path, { notification_preferences: { frequency } })).status).toBe(200);
    };
    await messagesEvery('immediately');
    const page = await context.newPage();
    const notices = () => page.evaluate('window.__notices') as Promise<string[]>;
    const firstLook = page.waitForResponse((r) => r.url().includes('/api/v1/conversations?') && r.url().includes('scope=unread'));
    await signIn(page, server.url, teacher);
    await firstLook;

    const send = (token: string, text: string) => api(server, token, 'POST', '/api/v1/conversations', { recipients: [String(teacher.id)], subject: text, body: text });
    // The two already share a conversation, which the message joins (Canvas's private conversations).
    expect((await send(student.token, 'Lost my lab notes')).status).toBe(201);
    await expect.poll(notices, UI_WAIT).toEqual([`New message: ${subject}`]);

    await messagesEvery('never');
    // Another student writes, so the unread count grows. The announcement goes first and the message right after, so
    // the look the new count sets off sees both: had messages still been notified, the message would be among the
    // notices by the time the announcement is.
    const posted = await api(server, adminToken, 'POST', `/api/v1/courses/${courseId}/discussion_topics`, { title: 'Trip moved to Friday', message: '<p>Rain.</p>', is_announcement: true });
    expect(posted.status).toBe(200);
    expect((await send(await tokenOf(DEMO.students[1]!.login), 'Found them')).status).toBe(201);
    await expect.poll(notices, UI_WAIT).toContain('Announcement: Trip moved to Friday');
    expect(await notices()).toEqual([`New message: ${subject}`, 'Announcement: Trip moved to Friday']);
    await context.close();
  });
});
