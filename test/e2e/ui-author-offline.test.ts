import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSection } from '../../src/contracts/gradebook-dtos.ts';
import type { DiscussionTopic } from '../../src/contracts/discussion-dtos.ts';
import type { Group, GroupCategory, GroupUser } from '../../src/contracts/group-dtos.ts';
import type { Assignment, WikiPage } from '../../src/contracts/lms-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { callOk, connectToHub, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { closeTab, expectScreen, openTab } from '../helpers/ui-screens.ts';

/**
 * Preparing next week on a laptop without a network: the device is connected to a hub (a second process), the hub
 * goes away, the teacher writes a page, an assignment and a discussion, changes the course's settings, makes a
 * group set with a student in its group and enrols a hub user by her address on the device, and once the hub is back all of it is on the hub.
 */
describe('authoring with the hub out of reach', () => {
  const rig = new HubRig();
  const course = DEMO.course.name;
  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  it('saves a new page, assignment, discussion, course settings and a group set with a member and an enrolment by address on the device, and they reach the hub once it is back', { timeout: 360_000 }, async () => {
    const mover = DEMO.students[0]!.name;
    // Someone with an account on the hub who shares no course with the teacher yet: the teacher knows only her address.
    const newcomer = await callOk<{ id: number }>(rig.hub.url, rig.adminToken, 'POST', '/api/v1/accounts/self/users', {
      user: { name: 'Nadia Okafor' },
      pseudonym: { unique_id: 'nadia.okafor@school.test', password: 'Kelp-forest-2207!' },
    });
    const evenings = DEMO.sections[1]!;
    const page = await openTab(rig.browser);
    await connectToHub(page, rig.device.url, rig.hub.url, DEMO.teacher);
    await rig.hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);

    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/pages/~new`);
    await expectScreen(page, course, `New page · ${course}`);
    await page.getByRole('textbox', { name: 'Title' }).fill('Tide tables');
    await page.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.type('Low tide at 07:40.');
    await page.getByRole('checkbox', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Tide tables · ${course}`);

    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/assignments/new`);
    await expectScreen(page, course, `New assignment · ${course}`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Rock pool survey');
    await page.getByRole('textbox', { name: 'Points' }).fill('15');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Rock pool survey · ${course}`);

    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/discussions/new`);
    await expectScreen(page, course, `New discussion · ${course}`);
    await page.getByRole('textbox', { name: 'Title' }).fill('What did you find?');
    await page.getByRole('checkbox', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `What did you find? · ${course}`);

    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/settings`);
    await expectScreen(page, course, `Settings · ${course}`);
    await page.getByRole('checkbox', { name: 'Make locked content available offline' }).check();
    await page.getByRole('checkbox', { name: 'Mastery Paths' }).check();
    await page.getByRole('checkbox', { name: 'Deduct points from late submissions' }).check();
    await page.getByRole('textbox', { name: 'Late submission deduction (%)' }).fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor(SYNC);

    // A group set with one group, and a student moved into it from the unassigned students.
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Groups' }).click();
    await expectScreen(page, course, `Groups · ${course}`);
    await page.getByRole('button', { name: 'New group set' }).click();
    const newSet = page.getByRole('form', { name: 'New group set' });
    await newSet.getByRole('textbox', { name: 'Group set name' }).fill('Field teams');
    await newSet.getByRole('spinbutton', { name: 'Number of groups' }).fill('1');
    await newSet.getByRole('button', { name: 'Save' }).click();
    await newSet.waitFor({ state: 'detached', ...SYNC });
    const fieldTeams = page.getByRole('region', { name: 'Field teams', exact: true });
    await fieldTeams.getByRole('combobox', { name: `Move ${mover} to…` }).waitFor(SYNC);
    await fieldTeams.getByRole('region', { name: `Unassigned students of Field teams` }).getByRole('listitem').filter({ hasText: mover }).getByRole('button', { name: 'Move' }).click();
    await fieldTeams.getByRole('region', { name: 'Field team 1', exact: true }).getByText(mover, { exact: true }).waitFor(SYNC);

    // People: the newcomer enrolled by her address as a TA of the evening section.
    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/people`);
    await expectScreen(page, course, `People · ${course}`);
    await page.getByRole('button', { name: 'Add people' }).click();
    const addPeople = page.getByRole('form', { name: 'Add people' });
    await addPeople.getByRole('textbox', { name: 'Email addresses' }).fill('nadia.okafor@school.test');
    await addPeople.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'TA' });
    await addPeople.getByRole('combobox', { name: 'Section' }).selectOption({ label: evenings });
    await addPeople.getByRole('button', { name: 'Add to course' }).click();
    await expect.poll(() => addPeople.getByRole('status').textContent(), SYNC).toBe('Added 1 person: nadia.okafor@school.test.');
    const people = page.getByRole('table', { name: 'People' });
    await people.getByRole('rowheader', { name: 'Nadia Okafor' }).waitFor(SYNC);
    expect(await people.getByRole('row').filter({ hasText: 'Nadia Okafor' }).getByRole('cell').last().textContent()).toBe('TA');
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline.* · \d+ changes waiting$/);

    rig.hub = await rig.startHub();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);
    const base = `/api/v1/courses/${rig.courseId}`;
    const pages = await rig.onHub<WikiPage[]>(`${base}/pages?per_page=100`);
    expect(pages.filter((p) => p.title === 'Tide tables')).toEqual([expect.objectContaining({ published: true })]);
    expect((await rig.onHub<WikiPage>(`${base}/pages/tide-tables`)).body).toBe('<p>Low tide at 07:40.</p>');
    const assignments = await rig.onHub<Assignment[]>(`${base}/assignments?per_page=100`);
    expect(assignments.filter((a) => a.name === 'Rock pool survey')).toEqual([expect.objectContaining({ points_possible: 15 })]);
    const topics = await rig.onHub<DiscussionTopic[]>(`${base}/discussion_topics?per_page=100`);
    expect(topics.filter((t) => t.title === 'What did you find?')).toEqual([expect.objectContaining({ published: true })]);
    expect(await rig.onHub(base)).toMatchObject({ offline_locked_content: true });
    expect(await rig.onHub(`${base}/settings`)).toEqual({ conditional_release: true });
    expect(await rig.onHub(`${base}/late_policy`)).toMatchObject({ late_policy: { late_submission_deduction_enabled: true, late_submission_deduction: 5 } });
    const sets = (await rig.onHub<GroupCategory[]>(`${base}/group_categories?per_page=100`)).filter((c) => c.name === 'Field teams');
    expect(sets).toHaveLength(1);
    const groups = await rig.onHub<Group[]>(`/api/v1/group_categories/${sets[0]!.id}/groups?per_page=100`);
    expect(groups).toEqual([expect.objectContaining({ name: 'Field team 1', members_count: 1 })]);
    expect((await rig.onHub<{ users: GroupUser[] }>(`/api/v1/groups/${groups[0]!.id}?include[]=users`)).users.map((u) => u.name)).toEqual([mover]);
    const sections = await rig.onHub<CourseSection[]>(`${base}/sections`);
    expect(await rig.onHub(`${base}/enrollments?user_id=${newcomer.id}`)).toEqual([
      expect.objectContaining({ type: 'TaEnrollment', course_section_id: sections.find((s) => s.name === evenings)!.id }),
    ]);
    await closeTab(page);
  });
});
