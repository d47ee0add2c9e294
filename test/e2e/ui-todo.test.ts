import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { PlannerNote, PlannerOverride } from '../../src/contracts/planner-dtos.ts';
import type { Assignment } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { signIn, startUiDemo, watchPageErrors, type UiDemo } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** A student's course To do comes from the planner; Done is a planner override that stays after a reload. */
describe('the To do list', () => {
  let demo: UiDemo;
  let browser: Browser;
  let reading: Assignment;

  beforeAll(async () => {
    demo = await startUiDemo();
    browser = await launchChromium();
    const res = await api(demo.server, demo.teacher.token, 'POST', `/api/v1/courses/${demo.courseId}/assignments`, {
      assignment: { name: 'Read chapter 3', published: true, points_possible: 5, submission_types: ['online_text_entry'], due_at: new Date(Date.now() + 24 * 3600_000).toISOString() },
    });
    reading = res.json as Assignment;
  });
  afterAll(async () => {
    await browser?.close();
    await demo?.server.stop();
  });

  const doneBox = (page: Page) =>
    page.getByRole('list', { name: 'To do' }).getByRole('listitem').filter({ hasText: reading.name }).getByRole('checkbox', { name: 'Done' });
  const overrides = async () => (await api(demo.server, demo.student.token, 'GET', '/api/v1/planner/overrides')).json as PlannerOverride[];

  it('Done sets a planner override; it is still done after a reload, and can be undone', async () => {
    const page = await openTab(browser);
    const errors = watchPageErrors(page);
    await signIn(page, demo.server.url, demo.student);
    await page.goto(`${demo.server.url}/#/courses/${demo.courseId}/modules`);
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'To do' }).click();
    await expectScreen(page, DEMO.course.name, `To do · ${DEMO.course.name}`);

    expect(await doneBox(page).isChecked()).toBe(false);
    await doneBox(page).check();
    await expect.poll(overrides, UI_WAIT).toEqual([expect.objectContaining({ plannable_type: 'assignment', plannable_id: reading.id, marked_complete: true })]);

    await page.reload();
    await expectScreen(page, DEMO.course.name, `To do · ${DEMO.course.name}`);
    await expect.poll(() => doneBox(page).isChecked(), UI_WAIT).toBe(true);

    await doneBox(page).uncheck();
    await expect.poll(async () => (await overrides())[0]?.marked_complete, UI_WAIT).toBe(false);
    expect(await overrides()).toHaveLength(1);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('planner notes: a new note shows on the list, is edited in place, and deleted', async () => {
    const page = await openTab(browser);
    await signIn(page, demo.server.url, demo.student);
    await page.goto(`${demo.server.url}/#/courses/${demo.courseId}/todo`);
    await expectScreen(page, DEMO.course.name, `To do · ${DEMO.course.name}`);
    const notes = async () => (await api(demo.server, demo.student.token, 'GET', '/api/v1/planner_notes')).json as PlannerNote[];
    const noteItem = (title: string) => page.getByRole('list', { name: 'To do' }).getByRole('listitem').filter({ hasText: title });

    await page.getByRole('button', { name: 'New note' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Bring field boots');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add note' }).click();
    await noteItem('Bring field boots').waitFor(UI_WAIT);
    expect(await notes()).toEqual([expect.objectContaining({ title: 'Bring field boots', course_id: demo.courseId })]);

    await noteItem('Bring field boots').getByRole('button', { name: 'Edit note' }).click();
    await noteItem('Bring field boots').getByRole('textbox', { name: 'Title' }).fill('Bring boots and gloves');
    await noteItem('Bring field boots').getByRole('button', { name: 'Save note' }).click();
    await noteItem('Bring boots and gloves').waitFor(UI_WAIT);
    expect((await notes()).map((n) => n.title)).toEqual(['Bring boots and gloves']);

    await noteItem('Bring boots and gloves').getByRole('button', { name: 'Delete note' }).click();
    await expect.poll(() => noteItem('Bring boots and gloves').count(), UI_WAIT).toBe(0);
    expect(await notes()).toEqual([]);
    await closeTab(page);
  });
});
