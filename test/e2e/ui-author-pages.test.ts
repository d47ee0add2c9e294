import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WikiPage } from '../../src/contracts/lms-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

describe('the teacher writes pages: create, edit, compare and restore a revision', () => {
  const rig = new UiDemoRig();
  const course = DEMO.course.name;

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const pageAt = async (url: string): Promise<WikiPage> =>
    (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/pages/${url}`)).json as WikiPage;

  it('creates a front page, edits it, shows the change side by side and restores the first version', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/pages`);
    await expectScreen(page, course, `Pages · ${course}`);
    await page.getByRole('link', { name: 'New page' }).click();
    await expectScreen(page, course, `New page · ${course}`);

    await page.getByRole('textbox', { name: 'Title' }).fill('Field safety');
    await page.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.type('Wear boots.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Stay in pairs.');
    await page.getByRole('combobox', { name: 'Users allowed to edit this page' }).selectOption({ label: 'Teachers and students' });
    await page.getByRole('checkbox', { name: 'Published' }).check();
    await page.getByRole('checkbox', { name: 'Front page' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Field safety · ${course}`);
    const created = await pageAt('field-safety');
    expect(created).toMatchObject({ title: 'Field safety', published: true, front_page: true, editing_roles: 'teachers,students' });
    expect(created.body).toBe('<p>Wear boots.</p><p>Stay in pairs.</p>');

    await page.getByRole('link', { name: 'Edit' }).click();
    await expectScreen(page, course, `Edit Field safety · ${course}`);
    const body = page.getByRole('textbox', { name: 'Body' });
    await expect.poll(() => body.textContent(), UI_WAIT).toBe('Wear boots.Stay in pairs.');
    await body.click();
    // The editor may still be settling its content under the click (which puts the caret back at the start): Control+End
    // until the caret is after the last text, as a person would look before typing.
    const caretAtEnd = () =>
      body.evaluate((editor) => {
        const selection = editor.ownerDocument.getSelection();
        if (!selection?.anchorNode || !editor.contains(selection.anchorNode)) return false;
        const rest = editor.ownerDocument.createRange();
        rest.setStart(selection.anchorNode, selection.anchorOffset);
        rest.setEnd(editor, editor.childNodes.length);
        return rest.toString() === '';
      });
    await expect
      .poll(async () => {
        await page.keyboard.press('Control+End');
        return caretAtEnd();
      }, UI_WAIT)
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Carry water.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectScreen(page, course, `Field safety · ${course}`);
    expect((await pageAt('field-safety')).body).toBe('<p>Wear boots.</p><p>Stay in pairs.</p><p>Carry water.</p>');

    await page.getByRole('link', { name: 'Revisions' }).click();
    await expectScreen(page, course, `Revisions of Field safety · ${course}`);
    const revisions = page.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
    expect(await revisions.count()).toBe(2);
    expect(await revisions.first().textContent()).toContain('(current)');
    expect(await revisions.first().getByRole('button', { name: 'Restore' }).count()).toBe(0);
    // The first version beside the current one: the added line only on the right, shared lines on both sides.
    const diff = page.getByRole('table', { name: /compared with the current page/ });
    await diff.waitFor(UI_WAIT);
    const rows = await diff.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([
      ['Title: Field safety', 'Title: Field safety'],
      ['Wear boots.', 'Wear boots.'],
      ['Stay in pairs.', 'Stay in pairs.'],
      ['', 'Carry water.'],
    ]);
    expect(await diff.locator('ins').textContent()).toBe('Carry water.');
    await expectNoAxeViolations(page);

    await revisions.nth(1).getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('status').filter({ hasText: /^Restored revision/ }).waitFor(UI_WAIT);
    expect((await pageAt('field-safety')).body).toBe('<p>Wear boots.</p><p>Stay in pairs.</p>');
    // The restore is itself a new revision, now the current one.
    await expect.poll(() => revisions.count(), UI_WAIT).toBe(3);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Back to the page' }).click();
    await expectScreen(page, course, `Field safety · ${course}`);
    await expect.poll(() => page.frameLocator('iframe[title="Page content"]').locator('body').textContent(), UI_WAIT).toBe('Wear boots.Stay in pairs.');
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
