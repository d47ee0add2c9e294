import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../src/contracts/wall-clock.ts';
import type { Course, CourseModule } from '../../src/contracts/lms-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

describe('the teacher builds modules: create, add items, publish, reorder by keyboard and by drag', () => {
  const rig = new UiDemoRig();
  const course = DEMO.course.name;

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const modules = async (): Promise<CourseModule[]> =>
    (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/modules?include[]=items&per_page=100`)).json as CourseModule[];
  const moduleNamed = async (name: string) => (await modules()).find((m) => m.name === name)!;
  const moduleNames = async () => (await modules()).map((m) => m.name);
  const itemNamed = (list: CourseModule[], moduleId: number, title: string) => list.find((m) => m.id === moduleId)!.items!.find((i) => i.title === title)!.id;

  it('creates a module with its conditions, adds existing and new content with requirements, publishes and reorders', async () => {
    const timeZone = ((await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}`)).json as Course).time_zone!;
    // Tall enough to show both ends of a drag at once: a drag cannot scroll the page on its way.
    const page = await openTab(rig.browser, { width: 1280, height: 2400 });
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await expectScreen(page, course, `Modules · ${course}`);

    await page.getByRole('button', { name: 'New module' }).click();
    const form = page.getByRole('form', { name: 'New module' });
    await form.getByRole('textbox', { name: 'Module name' }).fill('Week 3');
    await form.getByRole('textbox', { name: 'Unlock date' }).fill('2026-12-07T08:00');
    await form.getByRole('checkbox', { name: 'Students must complete the items in order' }).check();
    await form.getByRole('checkbox', { name: 'Week 1' }).check();
    await form.getByRole('checkbox', { name: 'Published' }).check();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 2, name: 'Week 3' }).waitFor(UI_WAIT);
    const week3 = await moduleNamed('Week 3');
    expect(week3).toMatchObject({
      published: true,
      require_sequential_progress: true,
      prerequisite_module_ids: [rig.demo.week1.id],
      unlock_at: instantOf({ year: 2026, month: 12, day: 7, hour: 8, minute: 0, second: 0 }, timeZone).toISOString().replace('.000', ''),
    });

    const section = page.getByTestId(`module-${week3.id}`);
    const addItem = async (fill: () => Promise<void>) => {
      await section.getByRole('button', { name: 'Add item' }).click();
      await fill();
      await section.getByRole('button', { name: 'Add to module' }).click();
      await section.getByRole('form').waitFor({ state: 'detached', ...UI_WAIT });
    };
    const addForm = section.getByRole('form', { name: 'Add an item to Week 3' });
    await addItem(async () => {
      await addForm.getByRole('combobox', { name: 'Assignment' }).selectOption({ label: rig.demo.firstAssignment.name });
      await addForm.getByRole('combobox', { name: 'Completion requirement' }).selectOption({ label: 'Submit it' });
      await expectNoAxeViolations(page);
    });
    await addItem(async () => {
      await addForm.getByRole('combobox', { name: 'Item type' }).selectOption({ label: 'Page' });
      await addForm.getByRole('combobox', { name: 'Page' }).selectOption({ label: 'A new page' });
      await addForm.getByRole('textbox', { name: 'Item title' }).fill('Lab safety');
      await addForm.getByRole('combobox', { name: 'Completion requirement' }).selectOption({ label: 'Mark it as done' });
    });
    await addItem(async () => {
      await addForm.getByRole('combobox', { name: 'Item type' }).selectOption({ label: 'Heading' });
      await addForm.getByRole('textbox', { name: 'Item title' }).fill('Wrap-up');
    });
    const itemsOf = async (name: string) => ((await moduleNamed(name)).items ?? []).map((i) => ({ title: i.title, type: i.type, requirement: i.completion_requirement?.type, published: i.published }));
    expect(await itemsOf('Week 3')).toEqual([
      { title: rig.demo.firstAssignment.name, type: 'Assignment', requirement: 'must_submit', published: true },
      { title: 'Lab safety', type: 'Page', requirement: 'must_mark_done', published: false },
      { title: 'Wrap-up', type: 'SubHeader', requirement: undefined, published: expect.any(Boolean) },
    ]);

    // Published per module and per item, each straight to the API.
    const modulePublished = section.locator('.module-builder-bar').getByRole('checkbox', { name: 'Published' });
    await modulePublished.uncheck();
    await expect.poll(async () => (await moduleNamed('Week 3')).published, UI_WAIT).toBe(false);
    await modulePublished.check();
    await expect.poll(async () => (await moduleNamed('Week 3')).published, UI_WAIT).toBe(true);
    // Publishing the module published its items too (as Canvas does): the item shows it once the list is read again,
    // and only then is it changed on its own (before, a click could meet the list's refresh and undo it).
    const labSafety = section.getByRole('listitem').filter({ hasText: 'Lab safety' });
    const itemPublished = labSafety.getByRole('checkbox', { name: 'Published' });
    await expect.poll(() => itemPublished.isChecked(), UI_WAIT).toBe(true);
    await itemPublished.uncheck();
    await expect.poll(async () => (await itemsOf('Week 3'))[1]?.published, UI_WAIT).toBe(false);
    await itemPublished.check();
    await expect.poll(async () => (await itemsOf('Week 3'))[1]?.published, UI_WAIT).toBe(true);
    // A requirement changes in place too.
    await labSafety.getByRole('combobox', { name: 'Completion requirement' }).selectOption({ label: 'View it' });
    await expect.poll(async () => (await itemsOf('Week 3'))[1]?.requirement, UI_WAIT).toBe('must_view');

    // The demo's own modules come first; the weeks are the UI test's.
    const units = (await moduleNames()).filter((name) => !name.startsWith('Week'));
    // Keyboard only: focus a move button and press Enter; the focus stays on it for the next press.
    await page.getByRole('button', { name: 'Move Week 3 up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(moduleNames, UI_WAIT).toEqual([...units, 'Week 1', 'Week 3', 'Week 2']);
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Move Week 3 up');
    // The button is available again once the move is saved (until then it would send the old neighbour's place).
    await expect.poll(() => page.getByRole('button', { name: 'Move Week 3 up' }).getAttribute('aria-disabled'), UI_WAIT).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(moduleNames, UI_WAIT).toEqual([...units, 'Week 3', 'Week 1', 'Week 2']);
    // As above, the item's button takes a press once the moves before it are saved and the list shows them.
    const wrapUpUp = page.getByRole('button', { name: 'Move Wrap-up up' });
    await expect.poll(() => wrapUpUp.getAttribute('aria-disabled'), UI_WAIT).toBe('false');
    await wrapUpUp.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await itemsOf('Week 3')).map((i) => i.title), UI_WAIT).toEqual([rig.demo.firstAssignment.name, 'Wrap-up', 'Lab safety']);
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([...units, 'Week 3', 'Week 1', 'Week 2']);

    // And by dragging: Week 2 dropped on Week 1 takes its place. Held by its heading: the middle of the section
    // could be one of its items, which drags on its own.
    await page.getByRole('heading', { level: 2, name: 'Week 2' }).dragTo(page.getByRole('heading', { level: 2, name: 'Week 1' }));
    await expect.poll(moduleNames, UI_WAIT).toEqual([...units, 'Week 3', 'Week 2', 'Week 1']);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await closeTab(page);
  });
  it('previews the modules in Student view, read-only, with the chosen student’s locks and progress from the server', async () => {
    const { teacher, student, courseId, welcomePage, firstAssignment } = rig.demo;
    // Modules of its own, published after the others: the test before reorders and edits the demo's.
    const call = async <T>(method: string, path: string, body?: unknown) => (await api(rig.demo.server, teacher.token, method, `/api/v1/courses/${courseId}${path}`, body)).json as T;
    const first = await call<CourseModule>('POST', '/modules', { module: { name: 'Preview A' } });
    await call('POST', `/modules/${first.id}/items`, { module_item: { type: 'Page', page_url: welcomePage.url, completion_requirement: { type: 'must_mark_done' } } });
    await call('POST', `/modules/${first.id}/items`, { module_item: { type: 'Assignment', content_id: firstAssignment.id, completion_requirement: { type: 'must_submit' } } });
    await call('PUT', `/modules/${first.id}`, { module: { published: true, require_sequential_progress: true } });
    const second = await call<CourseModule>('POST', '/modules', { module: { name: 'Preview B', prerequisite_module_ids: [first.id] } });
    await call('POST', `/modules/${second.id}/items`, { module_item: { type: 'ExternalUrl', external_url: 'https://example.test/more', title: 'More reading' } });
    await call('PUT', `/modules/${second.id}`, { module: { published: true } });
    await call('POST', '/modules', { module: { name: 'Draft unit' } });
    const page = await openTab(rig.browser, { width: 1280, height: 2400 });
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${courseId}/modules`);
    await expectScreen(page, course, `Modules · ${course}`);
    await page.getByRole('heading', { level: 2, name: 'Draft unit' }).waitFor(UI_WAIT);

    await page.getByRole('button', { name: 'Student view' }).click();
    const preview = page.getByRole('region', { name: 'Student view' });
    const select = preview.getByRole('combobox', { name: 'Preview as' });
    await select.selectOption({ label: student.name });
    const firstShown = preview.getByTestId(`module-${first.id}`);
    const secondShown = preview.getByTestId(`module-${second.id}`);
    await secondShown.locator('.badge').first().filter({ hasText: 'Locked' }).waitFor(UI_WAIT);
    expect(await secondShown.textContent()).toContain('Prerequisites: complete Preview A first');
    // Sequential progress: the assignment waits for the page before it, and the preview says why, as the student reads it.
    expect(await firstShown.textContent()).toContain(`This assignment hasn't been unlocked yet. It is part of the module Preview A.`);
    const welcome = firstShown.getByRole('listitem').filter({ hasText: 'Welcome' });
    expect(await welcome.textContent()).toContain('Requirement: Mark as doneNot met yet');
    // Read-only, and only what students see: no building, no marking done, no unpublished module.
    expect(await page.getByRole('button', { name: /^(New module|Mark as done|Move|Add item)/ }).count()).toBe(0);
    expect(await preview.getByRole('heading', { name: 'Draft unit' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // The student marks the page done; previewing them again reads their new progress.
    await api(rig.demo.server, student.token, 'PUT', `/api/v1/courses/${courseId}/modules/${first.id}/items/${itemNamed(await modules(), first.id, 'Welcome')}/done`);
    const other = (await select.locator('option').allTextContents()).find((name) => name !== student.name)!;
    await select.selectOption({ label: other });
    await select.selectOption({ label: student.name });
    await expect.poll(() => welcome.textContent(), UI_WAIT).toContain('Requirement: Mark as doneMet');
    await firstShown.locator('.badge').first().filter({ hasText: 'In progress' }).waitFor(UI_WAIT);

    await preview.getByRole('button', { name: 'Leave student view' }).click();
    await page.getByRole('button', { name: 'New module' }).waitFor(UI_WAIT);
    await page.getByRole('heading', { level: 2, name: 'Draft unit' }).waitFor(UI_WAIT);
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
