import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveRefused, readArchive } from '../../src/server/areas/content-migrations/archive-reader.ts';
import { api } from '../helpers/api-fixtures.ts';
import { exportCourse, fillCourse } from '../helpers/cartridge-fixtures.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { finishedProgress } from '../helpers/export-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Json = Record<string, unknown> & { id: number };

/** A zip of the given entries; `mode` sets an entry's Unix mode (a symbolic link). */
function zipOf(entries: Array<{ path: string; data: string | Buffer; mode?: number }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data), e.path, e.mode === undefined ? {} : { mode: e.mode });
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (b: Buffer) => parts.push(b));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** Every occurrence of `from` replaced by `to` (same length): a name yazl would refuse to write, written anyway. */
function renamed(bytes: Buffer, from: string, to: string): Buffer {
  const out = Buffer.from(bytes);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at >= 0; at = out.indexOf(needle, at + 1)) Buffer.from(to).copy(out, at);
  return out;
}

/** A minimal IMS Common Cartridge 1.1 manifest (the specification's structure): one page in one module. */
function manifest(opts: { doctype?: string; resources?: string; items?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${opts.doctype ?? ''}
<manifest identifier="m1" xmlns="http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1">
<metadata><schema>IMS Common Cartridge</schema><schemaversion>1.1.0</schemaversion></metadata>
<organizations><organization identifier="org" structure="rooted-hierarchy"><item identifier="root">
<item identifier="mod1"><title>Unit 1</title>${opts.items ?? '<item identifier="it1" identifierref="res1"><title>Welcome</title></item>'}</item>
</item></organization></organizations>
<resources>${opts.resources ?? '<resource identifier="res1" type="webcontent" href="wiki_content/welcome.html"><file href="wiki_content/welcome.html"/></resource>'}</resources>
</manifest>`;
}
const PAGE = '<html><head><title>Welcome</title></head><body><p>Hello &amp; welcome</p></body></html>';

describe('content migrations (Canvas’s Content Migrations API, common_cartridge_importer)', () => {
  let server: TestServer;
  let source: ContentCourse;

  /** Creates a migration, uploads the archive to its upload_url, and waits for the job. */
  async function importInto(course: ContentCourse, bytes: Buffer, options: Record<string, unknown> = {}): Promise<{ migration: Json; issues: Json[]; progress: Json }> {
    const base = `/api/v1/courses/${course.id}/content_migrations`;
    const created = await api(server, course.teacher.token, 'POST', base, { migration_type: 'common_cartridge_importer', pre_attachment: { name: 'course.imscc', size: bytes.length }, ...options });
    expect(created.status).toBe(200);
    const { pre_attachment } = created.json as { pre_attachment: { upload_url: string; file_param: string } };
    const form = new FormData();
    form.append(pre_attachment.file_param, new Blob([bytes]), 'course.imscc');
    const uploaded = await fetch(pre_attachment.upload_url.replace(/^https?:\/\/[^/]+/, server.url), { method: 'POST', body: form, headers: { authorization: `Bearer ${course.teacher.token}` } });
    expect(uploaded.status).toBe(201);
    const queued = (await uploaded.json()) as Json & { progress_url: string };
    const progress = await finishedProgress(server, course.teacher.token, Number(queued.progress_url.split('/').pop()));
    const migration = (await api(server, course.teacher.token, 'GET', `${base}/${queued.id}`)).json as Json;
    const issues = (await api(server, course.teacher.token, 'GET', `${base}/${queued.id}/migration_issues?per_page=100`)).json as Json[];
    return { migration, issues, progress };
  }

  const list = async (course: ContentCourse, path: string) => (await api(server, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/${path}${path.includes('?') ? '&' : '?'}per_page=100`)).json as Json[];
  /** What a course holds, in terms that survive a move: no ids. */
  async function contentsOf(course: ContentCourse) {
    const modules = await list(course, 'modules?include[]=items');
    const pages = await Promise.all((await list(course, 'pages')).map(async (p) => (await api(server, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/pages/${p.url as string}`)).json as Json));
    const files = await Promise.all(
      (await list(course, 'files')).map(async (f) => ({
        name: f.display_name,
        bytes: Buffer.from(await (await fetch(`${server.url}/api/v1/files/${f.id}/download`, { headers: { authorization: `Bearer ${course.teacher.token}` } })).arrayBuffer()).toString('base64'),
      })),
    );
    const groups = new Map((await list(course, 'assignment_groups')).map((g) => [g.id, g.name]));
    const moduleNames = new Map(modules.map((m) => [String(m.id), m.name]));
    return {
      modules: modules.map((m) => ({
        name: m.name,
        position: m.position,
        require_sequential_progress: m.require_sequential_progress,
        published: m.published,
        prerequisites: (m.prerequisite_module_ids as unknown[]).map((id) => moduleNames.get(String(id))),
        items: (m.items as Json[]).map((i) => ({
          type: i.type, title: i.title, position: i.position, indent: i.indent, published: i.published, new_tab: i.new_tab ?? false, external_url: i.external_url ?? null,
          completion_requirement: i.completion_requirement ?? null,
        })),
      })),
      pages: pages.map((p) => ({ title: p.title, body: p.body, published: p.published })).sort((a, b) => String(a.title).localeCompare(String(b.title))),
      assignments: (await list(course, 'assignments')).map((a) => ({ name: a.name, description: a.description, points_possible: a.points_possible, published: a.published, due_at: a.due_at, submission_types: a.submission_types, group: groups.get(a.assignment_group_id as number) })),
      discussions: (await list(course, 'discussion_topics')).map((t) => ({ title: t.title, message: t.message, discussion_type: t.discussion_type, published: t.published })),
      files: files.sort((a, b) => String(a.name).localeCompare(String(b.name))),
    };
  }

  beforeAll(async () => {
    server = await startTestServer();
    source = await createContentCourse(server, 'Round Trip');
    await fillCourse(server, source);
  });
  afterAll(() => server.stop());

  it('round trip: a course exported and imported into an empty course has the same modules, items, pages, assignments, discussions and files', async () => {
    const { bytes } = await exportCourse(server, source.teacher.token, source.id);
    const target = await createContentCourse(server, 'Empty Target');
    const { migration, issues, progress } = await importInto(target, bytes);
    expect(progress).toMatchObject({ workflow_state: 'completed', tag: 'content_migration' });
    expect(migration).toMatchObject({ workflow_state: 'completed', migration_type: 'common_cartridge_importer', imported: { pages: 2, files: 2, assignments: 2, discussion_topics: 1, modules: 2, module_items: 7 } });
    expect(issues).toEqual([]);
    const [before, after] = [await contentsOf(source), await contentsOf(target)];
    expect(after.modules).toEqual(before.modules);
    expect(after.pages).toEqual(before.pages);
    expect(after.assignments).toEqual(before.assignments);
    expect(after.discussions).toEqual(before.discussions);
    expect(after.files).toEqual(before.files);
    expect(after.modules[0]!.items.map((i) => i.title)).toEqual(['Start here', 'Syllabus', 'The data', 'Essay & <Review>']);
    expect(after.modules[1]!.prerequisites).toEqual(['Week 1']);
    expect(after.modules[0]!.items.map((i) => (i.completion_requirement as { type?: string } | null)?.type ?? null)).toEqual([null, 'must_view', null, 'min_score']);
  });

  it('a plain Common Cartridge (no Canvas extension) imports its organization as modules', async () => {
    const target = await createContentCourse(server, 'Plain');
    const { migration } = await importInto(target, await zipOf([{ path: 'imsmanifest.xml', data: manifest() }, { path: 'wiki_content/welcome.html', data: PAGE }]));
    expect(migration).toMatchObject({ workflow_state: 'completed', imported: { pages: 1, modules: 1, module_items: 1 } });
    const modules = await list(target, 'modules?include[]=items');
    expect(modules.map((m) => [m.name, (m.items as Json[]).map((i) => [i.type, i.title])])).toEqual([['Unit 1', [['Page', 'Welcome']]]]);
    const [page] = await list(target, 'pages');
    expect((await api(server, target.teacher.token, 'GET', `/api/v1/courses/${target.id}/pages/${page!.url as string}`)).json).toMatchObject({ title: 'Welcome', body: '<p>Hello &amp; welcome</p>' });
  });

  describe('hostile and broken archives: refused with an error issue, nothing written', () => {
    const valid = () => [{ path: 'imsmanifest.xml', data: manifest() }, { path: 'wiki_content/welcome.html', data: PAGE }];
    const cases: Array<[string, () => Promise<Buffer>, RegExp]> = [
      ['zip slip (../)', async () => renamed(await zipOf([...valid(), { path: 'QQ/evil.txt', data: 'x' }]), 'QQ/evil', '../evil'), /a path leaving the archive "\.\.\/evil\.txt"/],
      ['an absolute path', async () => renamed(await zipOf([...valid(), { path: 'Qetc/passwd-x', data: 'x' }]), 'Qetc/passwd-x', '/etc/passwd-x'), /an absolute path "\/etc\/passwd-x"/],
      ['a symbolic link', () => zipOf([...valid(), { path: 'web_resources/link', data: '/etc/passwd', mode: 0o120777 }]), /a symbolic link "web_resources\/link"/],
      ['a zip bomb (ratio)', () => zipOf([...valid(), { path: 'web_resources/zeros.bin', data: Buffer.alloc(4 * 1024 * 1024) }]), /inflates more than 100 times \(a zip bomb\)/],
      ['an external entity (XXE)', () => zipOf([{ path: 'imsmanifest.xml', data: manifest({ doctype: '<!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' }) }, { path: 'wiki_content/welcome.html', data: PAGE }]), /declares a document type or entities/],
      ['entity expansion (billion laughs)', () => zipOf([{ path: 'imsmanifest.xml', data: manifest({ doctype: '<!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>' }) }]), /declares a document type or entities/],
      ['malformed XML', () => zipOf([{ path: 'imsmanifest.xml', data: '<manifest><resources></manifest>' }]), /imsmanifest\.xml is not well-formed XML \(line 1/],
      ['a missing resource file', () => zipOf([{ path: 'imsmanifest.xml', data: manifest() }]), /names "wiki_content\/welcome\.html", which is not in the archive/],
      ['an item pointing at no resource', () => zipOf([{ path: 'imsmanifest.xml', data: manifest({ items: '<item identifier="it1" identifierref="nowhere"><title>X</title></item>' }) }, { path: 'wiki_content/welcome.html', data: PAGE }]), /points at the resource "nowhere"/],
      ['duplicate identifiers', () => zipOf([{ path: 'imsmanifest.xml', data: manifest({ resources: '<resource identifier="res1" type="webcontent" href="wiki_content/welcome.html"><file href="wiki_content/welcome.html"/></resource><resource identifier="res1" type="webcontent" href="wiki_content/welcome.html"/>' }) }, { path: 'wiki_content/welcome.html', data: PAGE }]), /the identifier "res1" is used twice/],
      ['not a zip at all', () => Promise.resolve(Buffer.from('this is not a zip archive')), /not a readable zip archive/],
      ['no manifest', () => zipOf([{ path: 'wiki_content/welcome.html', data: PAGE }]), /no imsmanifest\.xml/],
    ];
    for (const [name, archive, message] of cases) {
      it(name, async () => {
        const target = await createContentCourse(server, `Hostile ${name}`);
        const { migration, issues, progress } = await importInto(target, await archive());
        expect(progress).toMatchObject({ workflow_state: 'failed', message: expect.stringMatching(message) });
        expect(migration).toMatchObject({ workflow_state: 'failed' });
        expect(issues).toEqual([expect.objectContaining({ issue_type: 'error', workflow_state: 'active', description: expect.stringMatching(message) })]);
        for (const path of ['modules', 'pages', 'files', 'assignments', 'discussion_topics']) expect(await list(target, path)).toEqual([]);
      });
    }

    it('the total inflated size is capped, counted on the bytes inflated', async () => {
      const bytes = await zipOf([{ path: 'a.bin', data: Buffer.alloc(3000, 1) }, { path: 'b.bin', data: Buffer.alloc(3000, 2) }]);
      await expect(readArchive(bytes, { entries: 10, entryBytes: 4000, totalBytes: 5000, ratio: 1000, ratioFloorBytes: 1 })).rejects.toThrow(ArchiveRefused);
      await expect(readArchive(bytes, { entries: 1, entryBytes: 4000, totalBytes: 50000, ratio: 1000, ratioFloorBytes: 1 })).rejects.toThrow(/more than 1 entries/);
    });
  });

  it('a selective import waits for a choice, lists what it holds by type, and imports what copy[...] picks (a module bringing its content)', async () => {
    const { bytes } = await exportCourse(server, source.teacher.token, source.id);
    const target = await createContentCourse(server, 'Selective');
    const t = target.teacher.token;
    const { migration, progress } = await importInto(target, bytes, { selective_import: true });
    expect(progress).toMatchObject({ workflow_state: 'completed' });
    expect(migration).toMatchObject({ workflow_state: 'waiting_for_select' });
    for (const path of ['modules', 'pages', 'assignments']) expect(await list(target, path)).toEqual([]);
    const base = `/api/v1/courses/${target.id}/content_migrations/${migration.id}`;
    const types = (await api(server, t, 'GET', `${base}/selective_data`)).json as Json[];
    expect(types.map((n) => [n.type, n.property, n.count])).toEqual([
      ['context_modules', 'copy[all_context_modules]', 2],
      ['assignments', 'copy[all_assignments]', 2],
      ['discussion_topics', 'copy[all_discussion_topics]', 1],
      ['wiki_pages', 'copy[all_wiki_pages]', 2],
      ['attachments', 'copy[all_attachments]', 2],
    ]);
    expect(types[0]!.sub_items_url).toMatch(/\/selective_data\?type=context_modules$/);
    const modules = (await api(server, t, 'GET', `${base}/selective_data?type=context_modules`)).json as Json[];
    expect(modules.map((m) => m.title)).toEqual(['Week 1', 'Week 2']);
    const pages = (await api(server, t, 'GET', `${base}/selective_data?type=wiki_pages`)).json as Json[];
    const draft = pages.find((p) => p.title === 'Draft notes')!;
    expect(draft.property).toBe(`copy[wiki_pages][id_${draft.migration_id as string}]`);
    expect((await api(server, target.student.token, 'GET', `${base}/selective_data`)).status).toBe(401);
    expect((await api(server, source.teacher.token, 'GET', `/api/v1/courses/${source.id}/content_migrations/${migration.id}/selective_data`)).status).toBe(404);

    const week2 = modules[1]!.migration_id as string;
    const chosen = await api(server, t, 'PUT', base, { copy: { context_modules: { [`id_${week2}`]: '1' }, wiki_pages: { [`id_${draft.migration_id as string}`]: true } } });
    expect(chosen.status).toBe(200);
    const rerun = chosen.json as Json & { progress_url: string };
    expect(rerun.workflow_state).toBe('queued');
    expect(await finishedProgress(server, t, Number(rerun.progress_url.split('/').pop()))).toMatchObject({ workflow_state: 'completed' });
    expect((await api(server, t, 'GET', base)).json).toMatchObject({ workflow_state: 'completed', imported: { pages: 1, assignments: 1, discussion_topics: 1, modules: 1, module_items: 3 } });
    const after = await contentsOf(target);
    expect(after.modules.map((m) => [m.name, m.prerequisites, m.items.map((i) => i.title)])).toEqual([['Week 2', [], ['Introductions', 'Lab', 'Reading']]]);
    expect(after.pages.map((p) => p.title)).toEqual(['Draft notes']);
    expect(after.files).toEqual([]);
    expect((await api(server, t, 'PUT', base, { copy: { all_wiki_pages: '1' } })).status).toBe(400);
  });

  it('date_shift_options: shift_dates moves dates into the new term on their weekday; remove_dates clears them', async () => {
    const { bytes } = await exportCourse(server, source.teacher.token, source.id);
    const dueOf = async (course: ContentCourse) => (await list(course, 'assignments')).find((a) => a.name === 'Lab')!.due_at;
    const shifted = await createContentCourse(server, 'Shifted');
    // Lab is due Tuesday 2030-01-15, 8 days into a 14-day term; the new term is 28 days long: 16 days in is a
    // Wednesday, so it lands on the Tuesday before.
    const shift = { shift_dates: true, old_start_date: '2030-01-07', old_end_date: '2030-01-21', new_start_date: '2030-09-02', new_end_date: '2030-09-30' };
    expect((await importInto(shifted, bytes, { date_shift_options: shift })).migration).toMatchObject({ workflow_state: 'completed' });
    expect(await dueOf(shifted)).toBe('2030-09-17T18:30:00Z');
    const removed = await createContentCourse(server, 'Undated');
    expect((await importInto(removed, bytes, { date_shift_options: { remove_dates: '1' } })).migration).toMatchObject({ workflow_state: 'completed' });
    expect(await dueOf(removed)).toBeNull();
    const refused = await api(server, source.teacher.token, 'POST', `/api/v1/courses/${source.id}/content_migrations`, { migration_type: 'common_cartridge_importer', pre_attachment: { name: 'x.imscc' }, date_shift_options: { shift_dates: true } });
    expect(refused.status).toBe(400);
  });

  it('only content managers migrate; the migrators are listed; an archive is required', async () => {
    const base = `/api/v1/courses/${source.id}/content_migrations`;
    expect((await api(server, source.teacher.token, 'GET', `${base}/migrators`)).json).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'common_cartridge_importer', requires_file_upload: true })]));
    expectInvalidToken(await api(server, undefined, 'POST', base, { migration_type: 'common_cartridge_importer', pre_attachment: { name: 'x.imscc' } }));
    expectUnauthorized(await api(server, source.student.token, 'POST', base, { migration_type: 'common_cartridge_importer', pre_attachment: { name: 'x.imscc' } }));
    expectUnauthorized(await api(server, source.student.token, 'GET', base));
    expectUnauthorized(await api(server, source.outsider.token, 'GET', `${base}/migrators`));
    expect((await api(server, source.teacher.token, 'POST', base, { migration_type: 'common_cartridge_importer' })).status).toBe(400);
    expect((await api(server, source.teacher.token, 'POST', base, { migration_type: 'moodle_converter', pre_attachment: { name: 'x.zip' } })).status).toBe(400);
  });
});
