import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSection } from '../../src/contracts/gradebook-dtos.ts';
import type { Enrollment } from '../../src/contracts/lms-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

describe('the teacher adds people to the course by email, with a role and a section', () => {
  const rig = new UiDemoRig();
  const course = DEMO.course.name;

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const createUser = async (name: string, login: string) => {
    const res = await api(rig.demo.server, rig.demo.adminToken, 'POST', '/api/v1/accounts/self/users', { user: { name }, pseudonym: { unique_id: login } });
    expect(res.status).toBe(200);
    return (res.json as { id: number }).id;
  };
  const enrollmentsOf = async (userId: number) =>
    (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/enrollments?user_id=${userId}`)).json as Enrollment[];

  it('enrols those whose address matches, names the address that matches nobody, and the roster shows the newcomers', async () => {
    const nadia = await createUser('Nadia Okafor', 'nadia.okafor@school.test');
    const paulo = await createUser('Paulo Reyes', 'paulo.reyes@school.test');
    const sections = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/sections`)).json as CourseSection[];
    const evenings = sections.find((s) => s.name === DEMO.sections[1])!;

    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/people`);
    await expectScreen(page, course, `People · ${course}`);

    await page.getByRole('button', { name: 'Add people' }).click();
    const form = page.getByRole('form', { name: 'Add people' });
    const addresses = form.getByRole('textbox', { name: 'Email addresses' });
    await addresses.fill('nadia.okafor@school.test, nobody@school.test\npaulo.reyes@school.test');
    await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'TA' });
    await form.getByRole('combobox', { name: 'Section' }).selectOption({ label: evenings.name });
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Add to course' }).click();

    await expect.poll(() => form.getByRole('status').textContent(), UI_WAIT).toBe('Added 2 people: nadia.okafor@school.test, paulo.reyes@school.test.');
    expect(await form.getByRole('alert').textContent()).toContain('No one signs in with nobody@school.test.');
    // What matched nobody stays in the box to be corrected.
    expect(await addresses.inputValue()).toBe('nobody@school.test');
    for (const userId of [nadia, paulo]) {
      expect(await enrollmentsOf(userId)).toEqual([expect.objectContaining({ type: 'TaEnrollment', course_section_id: evenings.id, enrollment_state: 'active' })]);
    }
    const people = page.getByRole('table', { name: 'People' });
    await people.getByRole('rowheader', { name: 'Nadia Okafor' }).waitFor(UI_WAIT);
    expect(await people.getByRole('row').filter({ hasText: 'Paulo Reyes' }).getByRole('cell').last().textContent()).toBe('TA');
    await expectNoAxeViolations(page);

    // Keyboard only: the same person as a student too, the role picked with the arrow keys.
    await addresses.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('paulo.reyes@school.test');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowUp');
    expect(await form.getByRole('combobox', { name: 'Role' }).inputValue()).toBe('StudentEnrollment');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Add to course');
    await page.keyboard.press('Enter');
    await expect.poll(() => form.getByRole('status').textContent(), UI_WAIT).toBe('Added 1 person: paulo.reyes@school.test.');
    await expect.poll(async () => (await enrollmentsOf(paulo)).map((e) => e.type).sort(), UI_WAIT).toEqual(['StudentEnrollment', 'TaEnrollment']);

    // The only console line is the browser's own note of the 404 that told "nobody" apart.
    expect(errors).toEqual([expect.stringContaining('404')]);
    await closeTab(page);
  });

  it('shows no Add people to a student', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/people`);
    await expectScreen(page, course, `People · ${course}`);
    await page.getByRole('table', { name: 'People' }).waitFor(UI_WAIT);
    expect(await page.getByRole('button', { name: 'Add people' }).count()).toBe(0);
    await closeTab(page);
  });
});
