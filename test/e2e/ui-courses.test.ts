import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectScreen, hasHorizontalOverflow, openTab } from '../helpers/ui-screens.ts';

describe('the teacher and student UI over the demo course', () => {
  const rig = new UiDemoRig();

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  async function openCourse(page: Page): Promise<void> {
    await page.getByRole('link', { name: DEMO.course.name }).click();
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
  }

  it('lists the student’s courses and opens the course at its modules, with states, locks and requirements', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await expectScreen(page, 'Your courses');
    expect(await page.getByRole('list', { name: 'Courses' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(DEMO.course.name),
    ]);
    await openCourse(page);
    expect(await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link').allTextContents()).toEqual([
      'Modules',
      'Assignments',
      'Quizzes',
      'Discussions',
      'Pages',
      'People',
      'Grades',
      'To do',
      'Polls',
    ]);

    const week1 = page.getByTestId(`module-${rig.demo.week1.id}`);
    const week2 = page.getByTestId(`module-${rig.demo.week2.id}`);
    await week1.getByRole('heading', { name: 'Week 1' }).waitFor();
    expect(await week1.locator('.badge').first().textContent()).toBe('Not started');
    expect(await week2.locator('.badge').first().textContent()).toBe('Locked');
    expect(await week2.textContent()).toContain('Prerequisites: complete Week 1 first');
    // Sequential progress locks the assignment until the page before it is done; Canvas says why.
    expect(await week1.textContent()).toContain(`This assignment hasn't been unlocked yet. It is part of the module Week 1.`);
    expect(await week1.getByRole('link', { name: rig.demo.firstAssignment.name }).count()).toBe(0);
    expect(await week2.getByRole('link', { name: 'Further reading' }).count()).toBe(0);

    const welcome = week1.getByRole('listitem').filter({ hasText: 'Welcome' });
    expect(await welcome.textContent()).toContain('Requirement: Mark as doneNot met yet');
    const markDone = welcome.getByRole('button', { name: 'Mark as done' });
    expect(await markDone.getAttribute('aria-pressed')).toBe('false');
    await markDone.click();
    await expect.poll(() => markDone.getAttribute('aria-pressed')).toBe('true');
    expect(await welcome.textContent()).toContain('Requirement: Mark as doneMet');
    await expect.poll(() => week1.locator('.badge').first().textContent()).toBe('In progress');
    // The lock moved on: the assignment opens now.
    await week1.getByRole('link', { name: rig.demo.firstAssignment.name }).waitFor();

    await markDone.click();
    await expect.poll(() => markDone.getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('opens an assignment from the list with its due date, points, submission types and sandboxed description', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openCourse(page);
    await page.getByRole('link', { name: 'Assignments' }).click();
    await expectScreen(page, DEMO.course.name, `Assignments · ${DEMO.course.name}`);
    const table = page.getByRole('table', { name: 'Assignments' });
    // The demo's graded quizzes and discussions are assignments too: the API's list is the reference.
    const listed = await api(rig.demo.server, rig.demo.student.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments?per_page=100`);
    expect(await table.getByRole('row').count()).toBe((listed.json as unknown[]).length + 1);
    const row = table.getByRole('row').filter({ hasText: rig.demo.firstAssignment.name });
    expect(await row.textContent()).toContain('20 pts');
    await row.getByRole('link', { name: rig.demo.firstAssignment.name }).click();

    await expectScreen(page, DEMO.course.name, `${rig.demo.firstAssignment.name} · ${DEMO.course.name}`);
    await page.getByRole('heading', { level: 2, name: rig.demo.firstAssignment.name }).waitFor();
    const facts = page.getByRole('definition');
    expect(await facts.allTextContents()).toEqual([expect.stringMatching(/\d{4}/), '20 pts', 'File upload', 'pdf, docx']);
    const frame = page.getByTitle('Assignment description');
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    await expect
      .poll(() => page.frameLocator('iframe[title="Assignment description"]').locator('body').textContent())
      .toBe(`${rig.demo.firstAssignment.name}: see the syllabus.`);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('shows a page from the Pages tab, and the module item links to the same page', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openCourse(page);
    await page.getByTestId(`module-${rig.demo.week1.id}`).getByRole('link', { name: 'Welcome' }).click();
    await expectScreen(page, DEMO.course.name, `Welcome · ${DEMO.course.name}`);
    await page.getByRole('heading', { level: 2, name: 'Welcome' }).waitFor();
    const content = page.frameLocator('iframe[title="Page content"]');
    await content.getByRole('heading', { name: 'Welcome aboard' }).waitFor();
    // The frame is as tall as its content: nothing scrolls inside it, and no empty space is left below.
    await expect.poll(() => frameFit(page, 'Page content')).toEqual({ scrollsInside: false, emptyBelow: false });

    await page.getByRole('link', { name: 'Pages', exact: true }).click();
    await expectScreen(page, DEMO.course.name, `Pages · ${DEMO.course.name}`);
    await page.getByRole('list', { name: 'Pages' }).getByRole('link', { name: 'Welcome' }).waitFor();
    await page.goBack();
    await content.getByRole('heading', { name: 'Welcome aboard' }).waitFor();
    await closeTab(page);
  });

  it('shows the teacher the roster with every role, following Link rel="next" across pages', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    // Small pages make the client walk the Link header; the server builds each next link.
    let rosterRequests = 0;
    await page.route('**/api/v1/courses/*/users?*', (route) => {
      rosterRequests++;
      const url = new URL(route.request().url());
      if (url.searchParams.get('per_page') === '100') url.searchParams.set('per_page', '7');
      return route.continue({ url: url.href });
    });
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openCourse(page);
    await page.getByRole('link', { name: 'People' }).click();
    await expectScreen(page, DEMO.course.name, `People · ${DEMO.course.name}`);
    const table = page.getByRole('table', { name: 'People' });
    const people = 1 + 1 + DEMO.students.length + 1; // teacher, TA, students, observer
    expect(await table.getByRole('row').count()).toBe(people + 1);
    expect(rosterRequests).toBe(Math.ceil(people / 7));
    expect(await table.getByRole('row').filter({ hasText: DEMO.ta.name }).textContent()).toContain('TA');
    expect(await table.getByRole('row').filter({ hasText: rig.demo.student.name }).textContent()).toContain('Student');

    // A teacher sees publication states (as the checkboxes that change them) but no progression controls.
    await page.getByRole('link', { name: 'Modules' }).click();
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    expect(await page.getByRole('button', { name: 'Mark as done' }).count()).toBe(0);
    expect(await page.getByTestId(`module-${rig.demo.week1.id}`).getByRole('checkbox', { name: 'Published', exact: true }).first().isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('fits a 360 px phone screen on every course screen, without horizontal scrolling', async () => {
    const page = await openTab(rig.browser, { width: 360, height: 740 });
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await expectScreen(page, 'Your courses');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    const course = DEMO.course.name;
    const screens: Array<[string, string]> = [
      [`/#/courses/${rig.demo.courseId}/modules`, `Modules · ${course}`],
      [`/#/courses/${rig.demo.courseId}/assignments`, `Assignments · ${course}`],
      [`/#/courses/${rig.demo.courseId}/assignments/${rig.demo.firstAssignment.id}`, `${rig.demo.firstAssignment.name} · ${course}`],
      [`/#/courses/${rig.demo.courseId}/pages`, `Pages · ${course}`],
      [`/#/courses/${rig.demo.courseId}/pages/${rig.demo.welcomePage.url}`, `Welcome · ${course}`],
      [`/#/courses/${rig.demo.courseId}/people`, `People · ${course}`],
    ];
    for (const [path, title] of screens) {
      await page.goto(rig.demo.server.url + path);
      await expectScreen(page, course, title);
      expect(await hasHorizontalOverflow(page), path).toBe(false);
    }
    for (const [link, heading] of [
      ['Settings', 'Settings'],
      ['Sync status', 'Sync'],
    ] as const) {
      await page.getByRole('link', { name: link }).click();
      await expectScreen(page, heading);
      expect(await hasHorizontalOverflow(page), heading).toBe(false);
    }
    await closeTab(page);
  });
});

/** Whether the titled content frame scrolls inside (too short) or leaves more than a line empty (too tall). */
function frameFit(page: Page, title: string): Promise<{ scrollsInside: boolean; emptyBelow: boolean }> {
  // Source text: the test program is type-checked without the DOM library.
  return page.evaluate(`(() => {
    const frame = document.querySelector('iframe[title=${JSON.stringify(title)}]');
    const root = frame.contentDocument.documentElement;
    return {
      scrollsInside: root.scrollHeight > frame.clientHeight,
      emptyBelow: frame.clientHeight - root.getBoundingClientRect().height > 16,
    };
  })()`) as Promise<{ scrollsInside: boolean; emptyBelow: boolean }>;
}
