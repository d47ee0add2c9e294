import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { DiscussionTopic, ThreadEntry, TopicView } from '../../src/contracts/discussion-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** A student reads a discussion (marking it read through the API) and replies to the topic and to an entry. */
describe('taking part in a discussion', () => {
  const rig = new UiDemoRig();
  let topic: DiscussionTopic;

  beforeAll(async () => {
    await rig.start();
    const topics = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/discussion_topics`)).json as DiscussionTopic[];
    topic = topics.find((t) => t.title === DEMO.discussions[0]!.title)!;
    const posted = await api(rig.demo.server, rig.demo.teacher.token, 'POST', `/api/v1/courses/${rig.demo.courseId}/discussion_topics/${topic.id}/entries`, {
      message: '<p>I grew up by a river that flooded every spring.</p>',
    });
    expect(posted.status).toBe(201);
  });
  afterAll(() => rig.stop());

  const topicAsStudent = async () =>
    (await api(rig.demo.server, rig.demo.student.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/discussion_topics/${topic.id}`)).json as DiscussionTopic;
  const viewAsTeacher = async () =>
    (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/discussion_topics/${topic.id}/view`)).json as TopicView;
  const messages = (entries: readonly ThreadEntry[]) => entries.map((e) => e.message);

  it('opens the topic from the list, sees the unread entry, and the API then has it read', async () => {
    expect(await topicAsStudent()).toMatchObject({ unread_count: 1 });
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Discussions' }).click();
    await expectScreen(page, DEMO.course.name, `Discussions · ${DEMO.course.name}`);
    await page.getByRole('list', { name: 'Discussions' }).getByRole('link', { name: topic.title }).click();
    await expectScreen(page, DEMO.course.name, `${topic.title} · ${DEMO.course.name}`);

    const entry = page.getByRole('listitem', { name: `Reply by ${rig.demo.teacher.name}` });
    await entry.getByText('Unread').waitFor(UI_WAIT);
    await expect.poll(async () => (await topicAsStudent()).unread_count, UI_WAIT).toBe(0);
    expect(await topicAsStudent()).toMatchObject({ read_state: 'read' });
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('posts a reply to the topic and a nested reply to the teacher’s entry', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/discussions/${topic.id}`);
    await expectScreen(page, DEMO.course.name, `${topic.title} · ${DEMO.course.name}`);

    const replies = page.getByRole('region', { name: 'Replies' });
    await page.getByRole('textbox', { name: 'Reply' }).fill('I care about plastic in the sea.');
    await page.getByRole('button', { name: 'Post reply' }).click();
    await replies.getByRole('listitem', { name: `Reply by ${rig.demo.student.name}` }).waitFor(UI_WAIT);

    const teacherEntry = replies.getByRole('listitem', { name: `Reply by ${rig.demo.teacher.name}` });
    await teacherEntry.getByRole('button', { name: `Reply to ${rig.demo.teacher.name}` }).click();
    await teacherEntry.getByRole('textbox', { name: 'Reply' }).fill('Which river was it?');
    await expectNoAxeViolations(page);
    await teacherEntry.getByRole('button', { name: 'Post reply' }).click();
    // The nested reply shows inside the teacher's entry, and its form closes.
    await teacherEntry.getByRole('listitem', { name: `Reply by ${rig.demo.student.name}` }).waitFor(UI_WAIT);
    await expect.poll(() => teacherEntry.getByRole('textbox', { name: 'Reply' }).count()).toBe(0);

    const { view } = await viewAsTeacher();
    expect(messages(view)).toEqual(['<p>I grew up by a river that flooded every spring.</p>', '<p>I care about plastic in the sea.</p>']);
    expect(messages(view[0]!.replies)).toEqual(['<p>Which river was it?</p>']);
    await closeTab(page);
  });
});
