import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Assignment, WikiPage } from '../../src/contracts/lms-dtos.ts';
import { csvRecord, parseCsv } from '../../src/server/areas/common/csv.ts';
import { api } from '../helpers/api-fixtures.ts';
import { exportCourse, fillCourse, unzipEntries } from '../helpers/cartridge-fixtures.ts';
import { createContentCourse } from '../helpers/content-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

describe('moving in and out: a course’s content imported and exported, the gradebook exported as CSV and imported back', () => {
  const rig = new UiDemoRig();
  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const read = async <T>(path: string): Promise<T> => (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}${path}`)).json as T;

  /** Opening Settings asks for the course's late policy, which the demo lacks: the browser logs that 404. */
  const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('the server responded with a status of 404'));

  async function openSettings(page: Page): Promise<void> {
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Settings' }).click();
  }

  it('imports a cartridge: dates shifted to a new term, a module and a page picked, a progress bar, then done', async () => {
    // A cartridge as Outpost exports it, of a course built by the content-migration fixtures.
    const source = await createContentCourse(rig.demo.server, 'Cartridge Source');
    await fillCourse(rig.demo.server, source);
    const { bytes } = await exportCourse(rig.demo.server, source.teacher.token, source.id);

    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openSettings(page);
    await page.getByRole('link', { name: 'Import course content' }).click();
    await page.getByRole('heading', { name: 'Import course content' }).waitFor(UI_WAIT);
    await page.getByLabel('Course export file').setInputFiles({ name: 'source.imscc', mimeType: 'application/zip', buffer: bytes });
    await page.getByRole('combobox', { name: 'Content type' }).selectOption({ label: 'Common Cartridge 1.x Package' });
    await page.getByRole('radio', { name: 'Shift dates to a new term' }).check();
    await page.getByRole('textbox', { name: 'Original start date' }).fill('2030-01-07');
    await page.getByRole('textbox', { name: 'Original end date' }).fill('2030-01-21');
    await page.getByRole('textbox', { name: 'New start date' }).fill('2030-09-02');
    await page.getByRole('textbox', { name: 'New end date' }).fill('2030-09-30');
    await page.getByRole('checkbox', { name: 'Choose what to import' }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor(UI_WAIT);

    const modules = page.getByRole('group', { name: 'Modules' });
    await modules.getByRole('checkbox', { name: 'Week 2' }).check(UI_WAIT);
    await page.getByRole('group', { name: 'Pages' }).getByRole('checkbox', { name: 'Draft notes' }).check();
    await expect(modules.getByRole('checkbox', { name: 'All Modules (2)' }).isChecked()).resolves.toBe(false);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Import selected content' }).click();
    // The Week 2 module with its three items, what they point at (a topic, an assignment with its group), the page.
    await page.getByRole('status').filter({ hasText: /^Import complete: 8 items created\.$/ }).waitFor(UI_WAIT);
    await expectNoAxeViolations(page);

    const lab = (await read<Assignment[]>('/assignments?per_page=100&search_term=Lab')).find((a) => a.name === 'Lab');
    expect(lab?.due_at).toBe('2030-09-17T18:30:00Z');
    expect((await read<WikiPage[]>('/pages?per_page=100')).map((p) => p.title)).toContain('Draft notes');
    expect((await read<WikiPage[]>('/pages?per_page=100')).map((p) => p.title)).not.toContain('Syllabus');
    expect(unexpected(errors)).toEqual([]);
    await closeTab(page);
  });

  it('exports the course: a progress bar, then the cartridge to download', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openSettings(page);
    await page.getByRole('link', { name: 'Export course content' }).click();
    await page.getByRole('button', { name: 'Start export' }).click();
    await page.getByRole('progressbar', { name: 'Export progress' }).waitFor(UI_WAIT);
    const download = page.getByRole('button', { name: 'Download course export' });
    await download.waitFor(UI_WAIT);
    await expectNoAxeViolations(page);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.imscc$/);
    const entries = await unzipEntries(await readFile((await file.path())!));
    expect(entries.has('imsmanifest.xml')).toBe(true);
    expect(entries.get('course_settings/module_meta.xml')?.toString()).toContain('Week 1');
    expect(unexpected(errors)).toEqual([]);
    await closeTab(page);
  });

  it('exports the gradebook as CSV, imports an edited copy with a preview of every change, and the gradebook shows the new grade', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/grades`);
    await page.getByRole('grid', { name: 'Gradebook' }).waitFor(UI_WAIT);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()]);
    await page.getByRole('status').filter({ hasText: `Gradebook exported as ${file.suggestedFilename()}.` }).waitFor(UI_WAIT);
    const rows = parseCsv(await readFile((await file.path())!, 'utf8'));

    // One cell changed: the first student's grade on the first points assignment; plus a row naming nobody.
    const header = rows[0]!;
    const column = header.findIndex((title) => /\(\d+\)$/.test(title) && Number(rows[1]![header.indexOf(title)]) >= 10);
    const assignmentName = header[column]!.replace(/ \(\d+\)$/, '');
    const student = rows[2]!;
    const newGrade = student[column] === '9' ? '8' : '9';
    const edited = rows.map((row, i) => (i === 2 ? row.map((cell, c) => (c === column ? newGrade : cell)) : row));
    edited.push(header.map((_, c) => (c === 0 ? 'Nobody, Someone' : c === 1 ? '999999' : '')));

    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByLabel('Gradebook CSV file').setInputFiles({ name: 'edited.csv', mimeType: 'text/csv', buffer: Buffer.from(edited.map(csvRecord).join('')) });
    await page.getByRole('button', { name: 'Preview changes' }).click();
    const changes = page.getByRole('table', { name: 'Changes to grades' });
    await changes.waitFor(UI_WAIT);
    const studentName = student[0]!.split(', ').reverse().join(' ');
    const change = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: studentName, exact: true }) });
    await expect(change.getByRole('cell').allTextContents()).resolves.toEqual([assignmentName, student[column] === '' ? '(no grade)' : student[column], newGrade]);
    await page.getByRole('heading', { name: 'Rows not imported' }).waitFor();
    await page.getByText(`Row ${edited.length}: Nobody, Someone is not a student you grade in this course.`).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Confirm import' }).click();
    await page.getByRole('status').filter({ hasText: 'Grades imported: 1 change saved.' }).waitFor(UI_WAIT);
    await page.getByRole('link', { name: 'Back to the gradebook' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: `Grade for ${studentName}, ${assignmentName}` }).inputValue(), UI_WAIT).toBe(newGrade);
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
