import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, GroupCategory, GroupUser } from '../../src/contracts/group-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

describe('the teacher makes and edits group sets, assigns students automatically and moves them between groups', () => {
  const rig = new UiDemoRig();
  const course = DEMO.course.name;

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const get = async <T>(path: string) => (await api(rig.demo.server, rig.demo.teacher.token, 'GET', path)).json as T;
  const setNamed = async (name: string) => (await get<GroupCategory[]>(`/api/v1/courses/${rig.demo.courseId}/group_categories`)).find((c) => c.name === name)!;
  const groupsOf = (categoryId: number) => get<Group[]>(`/api/v1/group_categories/${categoryId}/groups`);
  const membersOf = async (groupId: number) => (await get<{ users: GroupUser[] }>(`/api/v1/groups/${groupId}?include[]=users`)).users.map((u) => u.name).sort();
  const unassigned = async (categoryId: number) => (await get<GroupUser[]>(`/api/v1/group_categories/${categoryId}/users?unassigned=true&per_page=100`)).map((u) => u.name);

  it('assigns every student to new groups with a progress bar, then moves one by keyboard and one by drag', async () => {
    const page = await openTab(rig.browser, { width: 1280, height: 2400 });
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Groups' }).click();
    await expectScreen(page, course, `Groups · ${course}`);

    await page.getByRole('button', { name: 'New group set' }).click();
    const form = page.getByRole('form', { name: 'New group set' });
    await form.getByRole('textbox', { name: 'Group set name' }).fill('Lab teams');
    await form.getByRole('spinbutton', { name: 'Number of groups' }).fill('3');
    await form.getByRole('checkbox', { name: 'Assign students automatically' }).check();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Save' }).click();
    const bar = form.getByRole('progressbar', { name: 'Assigning students to groups' });
    await form.getByRole('status').filter({ hasText: 'Students assigned to groups.' }).waitFor(UI_WAIT);
    expect(await bar.getAttribute('value')).toBe('100');

    const labTeams = await setNamed('Lab teams');
    expect(labTeams.self_signup).toBeNull();
    const groups = await groupsOf(labTeams.id);
    expect(groups).toHaveLength(3);
    expect(await unassigned(labTeams.id)).toEqual([]);
    const sizes = await Promise.all(groups.map(async (g) => (await membersOf(g.id)).length));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(DEMO.students.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    await form.getByRole('button', { name: 'Close' }).click();

    // Keyboard only: the student's Move select, the target chosen with the arrow keys, then Move; the focus follows.
    const [first, second, third] = groups as [Group, Group, Group];
    const [moved, dragged] = (await membersOf(first.id)) as [string, string];
    const select = page.getByRole('combobox', { name: `Move ${moved} to…` });
    await select.focus();
    await page.keyboard.press('ArrowDown');
    expect(await select.locator('option:checked').textContent()).toBe(third.name);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Move');
    await page.keyboard.press('Enter');
    await expect.poll(() => membersOf(third.id), UI_WAIT).toContain(moved);
    expect(await membersOf(first.id)).not.toContain(moved);
    await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.labels?.[0]?.textContent')).toBe(`Move ${moved} to…`);
    const thirdGroup = page.getByRole('region', { name: third.name });
    await thirdGroup.getByText(moved, { exact: true }).waitFor(UI_WAIT);

    // And by dragging the student onto the other group.
    await page.getByRole('region', { name: first.name }).getByText(dragged, { exact: true }).dragTo(page.getByRole('heading', { level: 3, name: second.name }));
    await expect.poll(() => membersOf(second.id), UI_WAIT).toContain(dragged);
    expect(await membersOf(first.id)).not.toContain(dragged);
    await page.getByRole('region', { name: second.name }).getByText(dragged, { exact: true }).waitFor(UI_WAIT);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('two moves made quickly one after the other both arrive (decision 0093)', async () => {
    const page = await openTab(rig.browser, { width: 1280, height: 2400 });
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/groups`);
    const [first, second, third] = (await groupsOf((await setNamed('Lab teams')).id)) as [Group, Group, Group];
    const [one, two] = (await membersOf(second.id)) as [string, string];
    const moveButton = (name: string) => page.locator('li.group-member').filter({ has: page.getByRole('combobox', { name: `Move ${name} to…` }) }).getByRole('button', { name: 'Move' });
    await page.getByRole('combobox', { name: `Move ${one} to…` }).selectOption({ label: first.name });
    await page.getByRole('combobox', { name: `Move ${two} to…` }).selectOption({ label: third.name });
    await moveButton(one).click();
    await moveButton(two).click();
    await expect.poll(() => membersOf(first.id), UI_WAIT).toContain(one);
    await expect.poll(() => membersOf(third.id), UI_WAIT).toContain(two);
    expect(await membersOf(second.id)).not.toContain(one);
    await closeTab(page);
  });

  it('makes a self sign-up set whose students stay unassigned until they join', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/groups`);
    await expectScreen(page, course, `Groups · ${course}`);
    await page.getByRole('button', { name: 'New group set' }).click();
    const form = page.getByRole('form', { name: 'New group set' });
    await form.getByRole('textbox', { name: 'Group set name' }).fill('Study buddies');
    await form.getByRole('checkbox', { name: 'Allow self sign-up' }).check();
    await form.getByRole('spinbutton', { name: 'Number of groups' }).fill('2');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached', ...UI_WAIT });

    const buddies = await setNamed('Study buddies');
    expect(buddies.self_signup).toBe('enabled');
    expect(await groupsOf(buddies.id)).toHaveLength(2);
    const set = page.getByRole('region', { name: 'Study buddies', exact: true });
    await set.getByText('Students may sign up for a group themselves.').waitFor(UI_WAIT);
    const waiting = set.getByRole('region', { name: 'Unassigned students' });
    await expect.poll(() => waiting.getByRole('listitem').count(), UI_WAIT).toBe(DEMO.students.length);
    await closeTab(page);
  });

  it('edits a set’s settings, renames a group, sets and clears its leader, and deletes a group and the set after confirming', async () => {
    const teacher = rig.demo.teacher.token;
    const made = await api(rig.demo.server, teacher, 'POST', `/api/v1/courses/${rig.demo.courseId}/group_categories`, { name: 'Reading circles', create_group_count: 2 });
    const setId = (made.json as GroupCategory).id;
    const [kept, doomed] = (await groupsOf(setId)) as [Group, Group];
    const [reader] = (await unassigned(setId)) as [string];
    const readerId = (await get<GroupUser[]>(`/api/v1/group_categories/${setId}/users?unassigned=true&per_page=100`)).find((u) => u.name === reader)!.id;
    await api(rig.demo.server, teacher, 'POST', `/api/v1/groups/${kept.id}/memberships`, { user_id: readerId });
    const groupNamed = async (id: number) => (await get<Group[]>(`/api/v1/group_categories/${setId}/groups`)).find((g) => g.id === id);

    const page = await openTab(rig.browser, { width: 1280, height: 2400 });
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/groups`);
    await expectScreen(page, course, `Groups · ${course}`);

    const circles = page.getByRole('region', { name: 'Reading circles', exact: true });
    await circles.getByRole('button', { name: 'Edit group set' }).click();
    const settings = page.getByRole('form', { name: 'Edit group set Reading circles' });
    await settings.getByRole('textbox', { name: 'Group set name' }).fill('Book circles');
    expect(await settings.getByRole('spinbutton', { name: 'Group limit' }).isDisabled()).toBe(true);
    await settings.getByRole('checkbox', { name: 'Allow self sign-up' }).check();
    await settings.getByRole('spinbutton', { name: 'Group limit' }).fill('4');
    await expectNoAxeViolations(page);
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached', ...UI_WAIT });
    expect(await get<GroupCategory>(`/api/v1/group_categories/${setId}`)).toMatchObject({ name: 'Book circles', self_signup: 'enabled', group_limit: 4 });
    const set = page.getByRole('region', { name: 'Book circles', exact: true });
    await set.getByText('At most 4 members per group.').waitFor(UI_WAIT);

    // The leader is chosen among the group's members, and stops leading with the same button.
    const keptGroup = set.getByRole('region', { name: kept.name, exact: true });
    await keptGroup.getByRole('button', { name: `Make ${reader} leader` }).click();
    await keptGroup.getByText(/^Leader: /).waitFor(UI_WAIT);
    expect((await groupNamed(kept.id))?.leader?.id).toBe(readerId);
    await keptGroup.getByRole('button', { name: `Remove ${reader} as leader` }).click();
    await keptGroup.getByRole('button', { name: `Make ${reader} leader` }).waitFor(UI_WAIT);
    expect((await groupNamed(kept.id))?.leader).toBeNull();

    await keptGroup.getByRole('button', { name: 'Rename group' }).click();
    const rename = set.getByRole('form', { name: `Rename group ${kept.name}` });
    await rename.getByRole('textbox', { name: 'Group name' }).fill('Owls');
    await rename.getByRole('button', { name: 'Save' }).click();
    await set.getByRole('region', { name: 'Owls', exact: true }).waitFor(UI_WAIT);
    expect((await groupNamed(kept.id))?.name).toBe('Owls');

    // Deleting asks first, in an alertdialog whose Cancel has the focus.
    await set.getByRole('region', { name: doomed.name, exact: true }).getByRole('button', { name: 'Delete' }).click();
    const confirmGroup = page.getByRole('alertdialog', { name: 'Delete this group?' });
    await confirmGroup.waitFor(UI_WAIT);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await expectNoAxeViolations(page);
    await confirmGroup.getByRole('button', { name: 'Delete group' }).click();
    await set.getByRole('region', { name: doomed.name, exact: true }).waitFor({ state: 'detached', ...UI_WAIT });
    expect((await groupsOf(setId)).map((g) => g.id)).toEqual([kept.id]);

    await set.getByRole('button', { name: 'Delete' }).first().click();
    const confirmSet = page.getByRole('alertdialog', { name: 'Delete this group set?' });
    await confirmSet.getByRole('button', { name: 'Delete group set' }).click();
    await set.waitFor({ state: 'detached', ...UI_WAIT });
    expect((await api(rig.demo.server, teacher, 'GET', `/api/v1/group_categories/${setId}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('shows no Groups section to a student', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Modules' }).waitFor(UI_WAIT);
    expect(await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Groups' }).count()).toBe(0);
    await closeTab(page);
  });
});
