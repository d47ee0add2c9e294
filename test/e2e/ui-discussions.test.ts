import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { DiscussionTopic, ThreadEntry, TopicView } from '../../src/contracts/discussion-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { signIn, startUiDemo, watchPageErrors, type UiDemo } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** A student reads a discussion (marking it read through the API) and replies to the topic and to an entry. */
describe('taking part in a discussion', () => {
  let demo: UiDemo;
  let browser: Browser;
  let topic: DiscussionTopic;

  beforeAll(async () => {
    demo = await startUiDemo();
    browser = await launchChromium();
    const topics = (await api(demo.server, demo.teacher.token, 'GET', `/api/v1/courses/${demo.courseId}/discussion_topics`)).json as DiscussionTopic[];
    topic = topics.find((t) => t.title === DEMO.discussions[0]!.title)!;
    const posted = await api(demo.server, demo.teacher.token, 'POST', `/api/v1/courses/${demo.courseId}/discussion_topics/${topic.id}/entries`, {
      message: '<p>I grew up by a river that flooded every spring.</p>',
    });
    expect(posted.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await demo?.server.stop();
  });

  const topicAsStudent = async () =>
    (await api(demo.server, demo.student.token, 'GET', `/api/v1/courses/${demo.courseId}/discussion_topics/${topic.id}`)).json as DiscussionTopic;
  const viewAsTeacher = async () =>
    (await api(demo.server, demo.teacher.token, 'GET', `/api/v1/courses/${demo.courseId}/discussion_topics/${topic.id}/view`)).json as TopicView;
  const messages = (entries: readonly ThreadEntry[]) => entries.map((e) => e.message);

  it('opens the topic from the list, sees the unread entry, and the API then has it read', async () => {
    expect(await topicAsStudent()).toMatchObject({ unread_count: 1 });
    const page = await openTab(browser);
    const errors = watchPageErrors(page);
    await signIn(page, demo.server.url, demo.student);
    await page.goto(`${demo.server.url}/#/courses/${demo.courseId}/modules`);
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Discussions' }).click();
    await expectScreen(page, DEMO.course.name, `Discussions · ${DEMO.course.name}`);
    await page.getByRole('list', { name: 'Discussions' }).getByRole('link', { name: topic.title }).click();
    await expectScreen(page, DEMO.course.name, `${topic.title} · ${DEMO.course.name}`);

    const entry = page.getByRole('listitem', { name: `Reply by ${demo.teacher.name}` });
    await entry.getByText('Unread').waitFor(UI_WAIT);
    await expect.poll(async () => (await topicAsStudent()).unread_count, UI_WAIT).toBe(0);
    expect(await topicAsStudent()).toMatchObject({ read_state: 'read' });
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('posts a reply to the topic and a nested reply to the teacher’s entry', async () => {
    const page = await openTab(browser);
    await signIn(page, demo.server.url, demo.student);
    await page.goto(`${demo.server.url}/#/courses/${demo.courseId}/discussions/${topic.id}`);
    await expectScreen(page, DEMO.course.name, `${topic.title} · ${DEMO.course.name}`);

    const replies = page.getByRole('region', { name: 'Replies' });
    await page.getByRole('textbox', { name: 'Reply' }).fill('I care about plastic in the sea.');
    await page.getByRole('button', { name: 'Post reply' }).click();
    await replies.getByRole('listitem', { name: `Reply by ${demo.student.name}` }).waitFor(UI_WAIT);

    const teacherEntry = replies.getByRole('listitem', { name: `Reply by ${demo.teacher.name}` });
    await teacherEntry.getByRole('button', { name: `Reply to ${demo.teacher.name}` }).click();
    await teacherEntry.getByRole('textbox', { name: 'Reply' }).fill('Which river was it?');
    await expectNoAxeViolations(page);
    await teacherEntry.getByRole('button', { name: 'Post reply' }).click();
    // The nested reply shows inside the teacher's entry, and its form closes.
    await teacherEntry.getByRole('listitem', { name: `Reply by ${demo.student.name}` }).waitFor(UI_WAIT);
    await expect.poll(() => teacherEntry.getByRole('textbox', { name: 'Reply' }).count()).toBe(0);

    const { view } = await viewAsTeacher();
    expect(messages(view)).toEqual(['<p>I grew up by a river that flooded every spring.</p>', '<p>I care about plastic in the sea.</p>']);
    expect(messages(view[0]!.replies)).toEqual(['<p>Which river was it?</p>']);
    await closeTab(page);
  });
});
