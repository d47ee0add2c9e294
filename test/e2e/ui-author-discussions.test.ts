import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionTopic } from '../../src/contracts/discussion-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

describe('the teacher writes discussions and announcements: create, edit, pin, lock, delete; announcements on the course home', () => {
  const rig = new UiDemoRig();
  const course = DEMO.course.name;

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const topicsPath = () => `/api/v1/courses/${rig.demo.courseId}/discussion_topics`;
  const topicNamed = async (title: string, announcements = false): Promise<DiscussionTopic | undefined> => {
    const list = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `${topicsPath()}?per_page=100&only_announcements=${announcements}`)).json as DiscussionTopic[];
    return list.find((t) => t.title === title);
  };

  it('creates a pinned discussion, edits it, unpins and locks it from the list, and deletes it', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/discussions`);
    await expectScreen(page, course, `Discussions · ${course}`);
    await page.getByRole('link', { name: 'New discussion' }).click();
    await expectScreen(page, course, `New discussion · ${course}`);
    await expectNoAxeViolations(page);

    await page.getByRole('textbox', { name: 'Title' }).fill('Pond life');
    await page.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('What lives in the pond?');
    await page.getByRole('checkbox', { name: 'Published' }).check();
    await page.getByRole('checkbox', { name: 'Pinned' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Pond life · ${course}`);
    expect(await topicNamed('Pond life')).toMatchObject({ message: '<p>What lives in the pond?</p>', published: true, pinned: true, locked: false });

    await page.getByRole('link', { name: 'Edit' }).click();
    await expectScreen(page, course, `Edit Pond life · ${course}`);
    expect(await page.getByRole('checkbox', { name: 'Pinned' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Title' }).fill('Pond life in spring');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Pond life in spring · ${course}`);

    await page.getByRole('link', { name: 'All discussions' }).click();
    await expectScreen(page, course, `Discussions · ${course}`);
    const card = page.getByRole('list', { name: 'Discussions' }).getByRole('listitem').filter({ hasText: 'Pond life in spring' });
    await card.getByRole('button', { name: 'Unpin Pond life in spring' }).click();
    await card.getByRole('button', { name: 'Pin Pond life in spring' }).waitFor(UI_WAIT);
    await card.getByRole('button', { name: 'Lock Pond life in spring' }).click();
    await card.getByRole('button', { name: 'Unlock Pond life in spring' }).waitFor(UI_WAIT);
    expect(await topicNamed('Pond life in spring')).toMatchObject({ pinned: false, locked: true });
    await expectNoAxeViolations(page);

    await card.getByRole('link', { name: 'Pond life in spring' }).click();
    await expectScreen(page, course, `Pond life in spring · ${course}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this discussion?' }).getByRole('button', { name: 'Delete discussion' }).click();
    await expectScreen(page, course, `Discussions · ${course}`);
    expect(await topicNamed('Pond life in spring')).toBeUndefined();
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('posts an announcement that the course home shows to its students', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/discussions`);
    await page.getByRole('link', { name: 'New announcement' }).click();
    await expectScreen(page, course, `New announcement · ${course}`);
    // Announcements are never drafts and never pinned.
    expect(await page.getByRole('checkbox', { name: 'Published' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Title' }).fill('Field day moved');
    await page.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('We meet on Thursday instead.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Field day moved · ${course}`);
    expect(await topicNamed('Field day moved', true)).toMatchObject({ is_announcement: true, published: true });
    expect(errors).toEqual([]);
    await closeTab(page);

    const student = await openTab(rig.browser);
    await signIn(student, rig.demo.server.url, rig.demo.student);
    await student.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    const recent = student.getByRole('region', { name: 'Recent announcements' });
    await recent.getByRole('link', { name: 'Field day moved' }).click();
    await expectScreen(student, course, `Field day moved · ${course}`);
    await expectNoAxeViolations(student);
    expect(await student.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await closeTab(student);
  });

  it('keeps an unsaved discussion through a reload and offers it back', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/discussions/new`);
    await expectScreen(page, course, `New discussion · ${course}`);
    await page.getByRole('textbox', { name: 'Title' }).fill('Bird count');
    await page.reload();
    await page.getByRole('button', { name: 'Restore draft' }).click();
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Bird count');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Bird count · ${course}`);
    expect(await topicNamed('Bird count')).toMatchObject({ published: false });
    await closeTab(page);
  });
});
