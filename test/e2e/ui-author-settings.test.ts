import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Course } from '../../src/contracts/lms-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

describe('the teacher changes the course’s settings: name, dates in its zone, grading, offline content, Mastery Paths, late policy', () => {
  const rig = new UiDemoRig();
  const course = DEMO.course.name;

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const read = async <T>(path: string): Promise<T> =>
    (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}${path}`)).json as T;

  /**
   * The browser logs every refused request: the 404 that says a course has no late policy yet, and the refusals a
   * test provokes on purpose (`expected`); nothing else may be logged.
   */
  const unexpected = (errors: string[], ...expected: number[]) =>
    errors.filter((e) => ![404, ...expected].some((status) => e.includes(`the server responded with a status of ${status}`)));

  async function openSettings(page: Page, heading = course): Promise<void> {
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Settings' }).click();
    await expectScreen(page, heading, `Settings · ${heading}`);
    await page.getByRole('textbox', { name: 'Name' }).waitFor(UI_WAIT);
  }

  it('refuses bad input with the reason and changes nothing', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openSettings(page);
    const before = await read<Course>('');

    await page.getByRole('checkbox', { name: 'Deduct points from late submissions' }).check();
    await page.getByRole('textbox', { name: 'Late submission deduction (%)' }).fill('150');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Late submission deduction (%) must be a number from 0 to 100.' }).waitFor(UI_WAIT);

    await page.getByRole('textbox', { name: 'Late submission deduction (%)' }).fill('10');
    await page.getByRole('textbox', { name: 'Start date' }).fill('2027-02-01T08:00');
    await page.getByRole('textbox', { name: 'End date' }).fill('2027-01-01T08:00');
    await page.getByRole('button', { name: 'Save' }).click();
    // The server's own refusal; the course is saved first, so the late policy was not written either.
    await page.getByRole('alert').filter({ hasText: 'End date cannot be before start date' }).waitFor(UI_WAIT);
    expect(await read<Course>('')).toEqual(before);
    expect((await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/late_policy`)).status).toBe(404);
    await expectNoAxeViolations(page);
    expect(unexpected(errors, 400)).toEqual([]);
    await closeTab(page);
  });

  it('keeps unsaved changes through a reload and offers them back', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openSettings(page);
    await page.getByRole('textbox', { name: 'Name' }).fill('Field Biology (draft)');
    await page.reload();
    await page.getByRole('button', { name: 'Restore draft' }).waitFor(UI_WAIT);
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(course);
    await page.getByRole('button', { name: 'Restore draft' }).click();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Field Biology (draft)');
    await page.getByRole('button', { name: 'Discard draft' }).waitFor({ state: 'detached' });
    await closeTab(page);
  });

  it('saves every setting through the API, dates read in the zone chosen on the form', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openSettings(page);
    await expectNoAxeViolations(page);

    await page.getByRole('textbox', { name: 'Name' }).fill('Field Biology 2027');
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('Asia/Tokyo');
    expect(await page.getByText("In the course's time zone, Asia/Tokyo.").count()).toBe(2);
    await page.getByRole('textbox', { name: 'Start date' }).fill('2027-01-10T08:00');
    await page.getByRole('textbox', { name: 'End date' }).fill('2027-06-30T17:30');
    await page.getByRole('checkbox', { name: 'Use a grading scheme (letter grades)' }).check();
    await page.getByRole('checkbox', { name: 'Make locked content available offline' }).check();
    await page.getByRole('checkbox', { name: 'Mastery Paths' }).check();
    await page.getByRole('checkbox', { name: 'Deduct points from late submissions' }).check();
    await page.getByRole('textbox', { name: 'Late submission deduction (%)' }).fill('10');
    await page.getByRole('combobox', { name: 'Deduction applies per' }).selectOption({ label: 'Hour late' });
    await page.getByRole('checkbox', { name: 'Limit the deduction' }).check();
    await page.getByRole('textbox', { name: 'Lowest possible grade (%)' }).fill('50');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    const savedNote = page.getByRole('status').filter({ hasText: 'Settings saved.' });
    await savedNote.waitFor(UI_WAIT);
    // Focus stays on the form's result, not lost to the page's start; the heading and title follow the new name.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent'), UI_WAIT).toBe('Settings saved.');
    await page.getByRole('heading', { level: 1, name: 'Field Biology 2027' }).waitFor(UI_WAIT);
    await expect.poll(() => page.title(), UI_WAIT).toContain('Settings · Field Biology 2027');

    expect(await read<Course>('')).toMatchObject({
      name: 'Field Biology 2027',
      time_zone: 'Asia/Tokyo',
      // Tokyo is 9 hours ahead of UTC all year.
      start_at: '2027-01-09T23:00:00Z',
      end_at: '2027-06-30T08:30:00Z',
      grading_standard_id: 0,
      offline_locked_content: true,
    });
    expect(await read('/settings')).toEqual({ conditional_release: true });
    expect((await read<{ late_policy: object }>('/late_policy')).late_policy).toMatchObject({
      late_submission_deduction_enabled: true,
      late_submission_deduction: 10,
      late_submission_interval: 'hour',
      late_submission_minimum_percent_enabled: true,
      late_submission_minimum_percent: 50,
      missing_submission_deduction_enabled: false,
    });

    // Opened again, the form shows what was saved, and the policy is now changed in place.
    await page.reload();
    await page.getByRole('textbox', { name: 'Name' }).waitFor(UI_WAIT);
    expect(await page.getByRole('textbox', { name: 'Start date' }).inputValue()).toBe('2027-01-10T08:00');
    expect(await page.getByRole('checkbox', { name: 'Make locked content available offline' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Deduct points from missing submissions' }).check();
    await page.getByRole('textbox', { name: 'Missing submission deduction (%)' }).fill('80');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor(UI_WAIT);
    expect((await read<{ late_policy: object }>('/late_policy')).late_policy).toMatchObject({ missing_submission_deduction_enabled: true, missing_submission_deduction: 80 });
    expect(unexpected(errors)).toEqual([]);
    await closeTab(page);
  });

  it('is not offered to students, and its address tells them it is not theirs', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/settings`);
    await page.getByText("Only the course's teachers and designers change its settings.").waitFor(UI_WAIT);
    expect(await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await closeTab(page);
  });
});
