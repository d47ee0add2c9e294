import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { exportCourse, fillCourse, unzipEntries } from '../helpers/cartridge-fixtures.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', processEntities: true, htmlEntities: false, isArray: (name) => ['item', 'resource', 'file', 'module'].includes(name) });

describe('content exports (Canvas’s Content Exports API)', () => {
  let server: TestServer;
  let c: ContentCourse;

  beforeAll(async () => {
    server = await startTestServer();
    c = await createContentCourse(server, 'Export Course');
    await fillCourse(server, c);
  });
  afterAll(() => server.stop());

  it('writes a Common Cartridge in Canvas’s layout: manifest, course_settings, wiki_content, web_resources, assignments, topics', async () => {
    const { bytes, json } = await exportCourse(server, c.teacher.token, c.id);
    expect(json).toMatchObject({ export_type: 'common_cartridge', workflow_state: 'exported', user_id: c.teacher.id, attachment: { 'content-type': 'application/vnd.ims.imsccv1p1' } });
    const entries = await unzipEntries(bytes);
    const names = [...entries.keys()];
    expect(names).toEqual(expect.arrayContaining([
      'imsmanifest.xml', 'course_settings/course_settings.xml', 'course_settings/module_meta.xml', 'course_settings/assignment_groups.xml',
      'course_settings/files_meta.xml', 'course_settings/canvas_export.txt', 'wiki_content/syllabus.html', 'wiki_content/draft-notes.html',
      'web_resources/data set.csv', 'web_resources/logo.png',
    ]));
    expect(entries.get('web_resources/data set.csv')!.toString()).toBe('a,b\n1,2\n');
    const manifest = xml.parse(entries.get('imsmanifest.xml')!.toString()).manifest;
    expect(manifest.metadata).toMatchObject({ schema: 'IMS Common Cartridge', schemaversion: '1.1.0' });
    const modules = manifest.organizations.organization.item[0].item as Array<{ title: string; item: Array<{ title: string; '@identifierref'?: string }> }>;
    expect(modules.map((m) => m.title)).toEqual(['Week 1', 'Week 2']);
    expect(modules[0]!.item.map((i) => i.title)).toEqual(['Start here', 'Syllabus', 'The data', 'Essay & <Review>']);
    // Every reference names a resource, and every resource's files are in the archive.
    const resources = manifest.resources.resource as Array<{ '@identifier': string; '@type': string; file: Array<{ '@href': string }> }>;
    const ids = new Set(resources.map((r) => r['@identifier']));
    for (const m of modules) for (const i of m.item) if (i['@identifierref']) expect(ids.has(i['@identifierref'])).toBe(true);
    for (const r of resources) for (const f of r.file) expect(entries.has(f['@href'])).toBe(true);
    expect(resources.filter((r) => r['@type'] === 'imsdt_xmlv1p1')).toHaveLength(1);
    const assignments = resources.filter((r) => r.file.some((f) => f['@href'].endsWith('/assignment_settings.xml')));
    expect(assignments).toHaveLength(2);
    const settings = xml.parse(entries.get(assignments[0]!.file.find((f) => f['@href'].endsWith('settings.xml'))!['@href'])!.toString()).assignment;
    expect(settings).toMatchObject({ title: 'Essay & <Review>', points_possible: 15, grading_type: 'points', workflow_state: 'published', submission_types: 'online_text_entry' });
    const meta = xml.parse(entries.get('course_settings/module_meta.xml')!.toString()).modules.module;
    expect(meta[0]).toMatchObject({ title: 'Week 1', require_sequential_progress: true });
    expect(meta[1].items.item.map((i: { content_type: string }) => i.content_type)).toEqual(['DiscussionTopic', 'Assignment', 'ExternalUrl']);
    expect(entries.get('wiki_content/syllabus.html')!.toString()).toContain('<h1>Week 1</h1>');
  });

  it('zip: the course files alone', async () => {
    const { bytes, json } = await exportCourse(server, c.teacher.token, c.id, 'zip');
    expect(json).toMatchObject({ export_type: 'zip', workflow_state: 'exported' });
    expect([...(await unzipEntries(bytes)).keys()].sort()).toEqual(['data set.csv', 'logo.png']);
  });

  it('lists the caller’s exports; students and outsiders are refused; an unknown type is a 400', async () => {
    const list = await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/content_exports`);
    expect(list.status).toBe(200);
    expect((list.json as unknown[]).length).toBeGreaterThanOrEqual(2);
    expectInvalidToken(await api(server, undefined, 'POST', `/api/v1/courses/${c.id}/content_exports`, { export_type: 'zip' }));
    expectUnauthorized(await api(server, c.student.token, 'POST', `/api/v1/courses/${c.id}/content_exports`, { export_type: 'common_cartridge' }));
    expectUnauthorized(await api(server, c.student.token, 'GET', `/api/v1/courses/${c.id}/content_exports`));
    expectUnauthorized(await api(server, c.outsider.token, 'POST', `/api/v1/courses/${c.id}/content_exports`, { export_type: 'zip' }));
    expect((await api(server, c.teacher.token, 'POST', `/api/v1/courses/${c.id}/content_exports`, { export_type: 'qti' })).status).toBe(400);
    expect((await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/content_exports/999999999`)).status).toBe(404);
  });
});
