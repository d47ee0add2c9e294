import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { PlannerNote, PlannerOverride } from '../../src/contracts/planner-dtos.ts';
import type { Assignment } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** A student's course To do comes from the planner; Done is a planner override that stays after a reload. */
describe('the To do list', () => {
  const rig = new UiDemoRig();
  let reading: Assignment;

  beforeAll(async () => {
    await rig.start();
    const res = await api(rig.demo.server, rig.demo.teacher.token, 'POST', `/api/v1/courses/${rig.demo.courseId}/assignments`, {
      assignment: { name: 'Read chapter 3', published: true, points_possible: 5, submission_types: ['online_text_entry'], due_at: new Date(Date.now() + 24 * 3600_000).toISOString() },
    });
    reading = res.json as Assignment;
  });
  afterAll(() => rig.stop());

  const doneBox = (page: Page) =>
    page.getByRole('list', { name: 'To do' }).getByRole('listitem').filter({ hasText: reading.name }).getByRole('checkbox', { name: 'Done' });
  const overrides = async () => (await api(rig.demo.server, rig.demo.student.token, 'GET', '/api/v1/planner/overrides')).json as PlannerOverride[];

  it('Done sets a planner override; it is still done after a reload, and can be undone', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
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

  it('two quick ticks (Done, then not done) on a new item are both sent, in order, and the last one stays (decision 0093)', async () => {
    const created = await api(rig.demo.server, rig.demo.teacher.token, 'POST', `/api/v1/courses/${rig.demo.courseId}/assignments`, {
      assignment: { name: 'Read chapter 4', published: true, points_possible: 5, submission_types: ['online_text_entry'], due_at: new Date(Date.now() + 48 * 3600_000).toISOString() },
    });
    const next = created.json as Assignment;
    const page = await openTab(rig.browser);
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/v1/planner/overrides') && req.method() !== 'GET') sent.push(`${req.method()} ${String((JSON.parse(req.postData() ?? '{}') as { marked_complete?: boolean }).marked_complete)}`);
    });
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/todo`);
    const box = page.getByRole('list', { name: 'To do' }).getByRole('listitem').filter({ hasText: next.name }).getByRole('checkbox', { name: 'Done' });
    await box.check();
    await box.uncheck();
    // The second is sent against the override the first made.
    await expect.poll(() => sent, UI_WAIT).toEqual(['POST true', 'PUT false']);
    await expect.poll(async () => (await overrides()).find((o) => o.plannable_id === next.id)?.marked_complete, UI_WAIT).toBe(false);
    expect(await box.isChecked()).toBe(false);
    await closeTab(page);
  });

  it('planner notes: a new note shows on the list, is edited in place, and deleted', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/todo`);
    await expectScreen(page, DEMO.course.name, `To do · ${DEMO.course.name}`);
    const notes = async () => (await api(rig.demo.server, rig.demo.student.token, 'GET', '/api/v1/planner_notes')).json as PlannerNote[];
    const noteItem = (title: string) => page.getByRole('list', { name: 'To do' }).getByRole('listitem').filter({ hasText: title });

    await page.getByRole('button', { name: 'New note' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Bring field boots');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add note' }).click();
    await noteItem('Bring field boots').waitFor(UI_WAIT);
    expect(await notes()).toEqual([expect.objectContaining({ title: 'Bring field boots', course_id: rig.demo.courseId })]);

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
