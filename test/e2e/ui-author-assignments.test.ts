import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../src/contracts/wall-clock.ts';
import type { Assignment, Course } from '../../src/contracts/lms-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

describe('the teacher writes assignments: create, edit, refuse an unpublish, keep a draft, delete', () => {
  const rig = new UiDemoRig();
  let timeZone: string;
  const course = DEMO.course.name;

  beforeAll(async () => {
    await rig.start();
    timeZone = ((await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}`)).json as Course).time_zone!;
  });
  afterAll(() => rig.stop());

  const assignments = async (): Promise<Assignment[]> =>
    (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments?per_page=100`)).json as Assignment[];
  const assignmentNamed = async (name: string) => (await assignments()).find((a) => a.name === name);

  async function openNewAssignment(page: Page): Promise<void> {
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments`);
    await expectScreen(page, course, `Assignments · ${course}`);
    await page.getByRole('link', { name: 'New assignment' }).click();
    await expectScreen(page, course, `New assignment · ${course}`);
  }

  it('creates an assignment with a due date in the course’s zone, edits it and deletes it; the API has each change', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openNewAssignment(page);
    expect(await page.getByText(`In the course's time zone, ${timeZone}.`).count()).toBe(3);

    await page.getByRole('textbox', { name: 'Name' }).fill('Field notes');
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('Walk the creek and note three species.');
    await page.getByRole('textbox', { name: 'Points' }).fill('15');
    await page.getByRole('checkbox', { name: 'Text entry' }).uncheck();
    await page.getByRole('checkbox', { name: 'File upload' }).check();
    await page.getByRole('textbox', { name: 'Allowed file extensions' }).fill('PDF, .docx');
    await page.getByRole('textbox', { name: 'Due date' }).fill('2026-12-04T17:00');
    await page.getByRole('checkbox', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Field notes · ${course}`);

    const created = (await assignmentNamed('Field notes'))!;
    expect(created).toMatchObject({
      points_possible: 15,
      submission_types: ['online_upload'],
      allowed_extensions: ['pdf', 'docx'],
      published: true,
      due_at: instantOf({ year: 2026, month: 12, day: 4, hour: 17, minute: 0, second: 0 }, timeZone).toISOString().replace('.000', ''),
    });
    expect(created.description).toContain('Walk the creek and note three species.');

    await page.getByRole('link', { name: 'Edit' }).click();
    await expectScreen(page, course, `Edit Field notes · ${course}`);
    // The stored instant reads back as the same wall-clock time in the course's zone.
    expect(await page.getByRole('textbox', { name: 'Due date' }).inputValue()).toBe('2026-12-04T17:00');
    await page.getByRole('textbox', { name: 'Points' }).fill('20');
    await page.getByRole('textbox', { name: 'Name' }).fill('Field notes: the creek');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Field notes: the creek · ${course}`);
    expect((await assignmentNamed('Field notes: the creek'))?.points_possible).toBe(20);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this assignment?' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Delete assignment' }).click();
    await expectScreen(page, course, `Assignments · ${course}`);
    expect(await page.getByRole('link', { name: 'Field notes: the creek' }).count()).toBe(0);
    expect((await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments/${created.id}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('shows the API’s refusal to unpublish an assignment students handed work in for', async () => {
    const reading = (await assignmentNamed('Reading Response: Silent Spring'))!;
    expect(reading).toMatchObject({ published: true, unpublishable: false });
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments/${reading.id}/edit`);
    await expectScreen(page, course, `Edit ${reading.name} · ${course}`);
    await page.getByRole('checkbox', { name: 'Published' }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: "Can't unpublish if there are student submissions" }).waitFor(UI_WAIT);
    await expectNoAxeViolations(page);
    expect((await assignmentNamed(reading.name))?.published).toBe(true);
    await closeTab(page);
  });

  it('keeps unsaved text through a reload, offers it back, and forgets it once saved', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openNewAssignment(page);
    await page.getByRole('textbox', { name: 'Name' }).fill('Pond survey');
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('Count the frogs at dusk.');

    await page.reload();
    await expectScreen(page, course, `New assignment · ${course}`);
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Restore draft' }).click();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Pond survey');
    await expect.poll(() => page.getByRole('textbox', { name: 'Description' }).textContent(), UI_WAIT).toBe('Count the frogs at dusk.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Pond survey · ${course}`);
    expect((await assignmentNamed('Pond survey'))?.description).toContain('Count the frogs at dusk.');

    await openNewAssignment(page);
    expect(await page.getByRole('button', { name: 'Restore draft' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
