import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarItem } from '../../src/contracts/calendar-dtos.ts';
import { addDays, dayKeyOf, monthOf } from '../../src/renderer/src/lib/calendar-days.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** The teacher moves through the month grid by keyboard to an assignment's due date, follows it, and adds an event the agenda then lists. */
describe('the calendar', () => {
  const rig = new UiDemoRig();
  const title = 'Wetland field trip';

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  // The demo's first assignment is due a week after seeding: seven days on from today, here and in the browser alike.
  const today = dayKeyOf(new Date());
  const dueDay = addDays(today, 7);
  const focusedDay = (page: Page) => page.evaluate('document.activeElement?.dataset.day');

  it('arrow keys move between days, into the next month too, and the due date links to its assignment', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await expectScreen(page, 'Calendar');

    const grid = page.getByRole('grid');
    await grid.locator(`[data-day="${today}"]`).click();
    expect(await focusedDay(page)).toBe(today);
    await page.keyboard.press('ArrowRight');
    expect(await focusedDay(page)).toBe(addDays(today, 1));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedDay(page)).toBe(dueDay);
    // The day's items load after the focus moves: wait for them rather than read the cell once.
    await expect.poll(() => page.getByRole('gridcell', { selected: true }).textContent(), UI_WAIT).toContain(rig.demo.firstAssignment.name);
    const monthHeading = await page.getByRole('heading', { level: 2 }).first().textContent();
    await page.keyboard.press('PageDown');
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).not.toBe(monthHeading);
    expect(monthOf((await focusedDay(page)) as string)).not.toBe(monthOf(dueDay));
    await page.keyboard.press('PageUp');
    await expect.poll(() => focusedDay(page)).toBe(dueDay);

    const link = page.getByRole('link', { name: rig.demo.firstAssignment.name });
    await link.waitFor(UI_WAIT);
    await expectNoAxeViolations(page);
    await link.click();
    await expect.poll(() => page.url()).toContain(`/courses/${rig.demo.courseId}/assignments/${rig.demo.firstAssignment.id}`);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('New event adds an event on the focused day; the agenda lists it beside the due date', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/calendar`);
    await expectScreen(page, 'Calendar');
    await page.getByRole('grid').locator(`[data-day="${today}"]`).click();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('button', { name: 'New event' }).click();
    await expectScreen(page, 'New event');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Location' }).fill('North marsh boardwalk');
    await page.getByRole('textbox', { name: 'Description' }).fill('Bring boots.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, 'Calendar');

    await page.getByRole('button', { name: 'Agenda' }).click();
    const agenda = page.getByRole('list', { name: 'Agenda' });
    await agenda.getByText(title).waitFor(UI_WAIT);
    await agenda.getByRole('link', { name: rig.demo.firstAssignment.name }).waitFor();
    await agenda.getByRole('link', { name: `Edit ${title}` }).waitFor();
    await expectNoAxeViolations(page);

    const events = await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/calendar_events?context_codes[]=course_${rig.demo.courseId}&all_events=true`);
    expect(events.json as CalendarItem[]).toEqual([expect.objectContaining({ title, location_name: 'North marsh boardwalk', all_day: false, description: '<p>Bring boots.</p>' })]);
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
