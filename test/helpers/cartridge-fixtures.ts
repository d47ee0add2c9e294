import yauzl from 'yauzl';
import { api } from './api-fixtures.ts';
import { createAssignment, createDiscussionTopic, createFile, type ContentCourse } from './content-fixtures.ts';
import { finishedProgress } from './export-fixtures.ts';
import { createItem, createModule } from './module-fixtures.ts';
import { coursePages, createPage } from './page-fixtures.ts';
import type { TestServer } from './server.ts';

type Json = Record<string, unknown> & { id: number };

/** Reads every entry of a zip held in memory (tests only: small archives). */
export function unzipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr) return reject(streamErr);
          const parts: Buffer[] = [];
          stream.on('data', (b: Buffer) => parts.push(b));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A course with one of everything a cartridge carries: two modules with items in order, pages, files, assignments, a topic. */
export async function fillCourse(server: TestServer, c: ContentCourse): Promise<void> {
  const t = c.teacher.token;
  const base = `/api/v1/courses/${c.id}`;
  const group = (await api(server, t, 'POST', `${base}/assignment_groups`, { name: 'Projects', group_weight: 25 })).json as Json;
  const essay = await createAssignment(server, t, c.id, { name: 'Essay & <Review>', description: '<p>Write <strong>500</strong> words.</p>', points_possible: 15, published: true, submission_types: ['online_text_entry'], assignment_group_id: group.id });
  const lab = await createAssignment(server, t, c.id, { name: 'Lab', points_possible: 5, published: false, due_at: '2030-01-15T18:30:00Z' });
  const topic = await createDiscussionTopic(server, t, c.id, { title: 'Introductions', message: '<p>Say hello</p>', discussion_type: 'threaded', published: true });
  const syllabus = await createPage(server, t, coursePages(c.id), { title: 'Syllabus', body: '<h1>Week 1</h1><p>Read "chapter 1".</p>', published: true });
  await createPage(server, t, coursePages(c.id), { title: 'Draft notes', body: '<p>later</p>', published: false });
  const file = await createFile(server, t, c.id, 'data set.csv', 'a,b\n1,2\n');
  await createFile(server, t, c.id, 'logo.png', '\u0089PNG binary');
  const week1 = await createModule(server, t, c.id, { name: 'Week 1', require_sequential_progress: true });
  const week2 = await createModule(server, t, c.id, { name: 'Week 2', prerequisite_module_ids: [String(week1.id)] });
  await createItem(server, t, c.id, week1.id, { type: 'SubHeader', title: 'Start here' });
  await createItem(server, t, c.id, week1.id, { type: 'Page', page_url: syllabus.url, title: 'Syllabus', completion_requirement: { type: 'must_view' } });
  await createItem(server, t, c.id, week1.id, { type: 'File', content_id: file.id, title: 'The data' });
  await createItem(server, t, c.id, week1.id, { type: 'Assignment', content_id: essay.id, title: 'Essay & <Review>', completion_requirement: { type: 'min_score', min_score: 10 } });
  await createItem(server, t, c.id, week2.id, { type: 'Discussion', content_id: topic.id, title: 'Introductions' });
  await createItem(server, t, c.id, week2.id, { type: 'Assignment', content_id: lab.id, title: 'Lab', indent: 1 });
  await createItem(server, t, c.id, week2.id, { type: 'ExternalUrl', external_url: 'https://example.test/reading', title: 'Reading', new_tab: true });
}

/** Starts a content export, waits for it, and downloads the archive through its attachment. */
export async function exportCourse(server: TestServer, token: string, courseId: number, exportType = 'common_cartridge'): Promise<{ bytes: Buffer; json: Json }> {
  const res = await api(server, token, 'POST', `/api/v1/courses/${courseId}/content_exports`, { export_type: exportType });
  if (res.status !== 200) throw new Error(`export failed: ${res.status} ${JSON.stringify(res.json)}`);
  const started = res.json as Json & { progress_url: string };
  const progressId = Number(started.progress_url.split('/').pop());
  const progress = await finishedProgress(server, token, progressId);
  if (progress.workflow_state !== 'completed') throw new Error(`export job failed: ${JSON.stringify(progress)}`);
  const json = (await api(server, token, 'GET', `/api/v1/courses/${courseId}/content_exports/${started.id}`)).json as Json & { attachment: { url: string } };
  const download = await fetch(json.attachment.url.replace(/^https?:\/\/[^/]+/, server.url), { headers: { authorization: `Bearer ${token}` } });
  if (download.status !== 200) throw new Error(`download failed: ${download.status}`);
  return { bytes: Buffer.from(await download.arrayBuffer()), json };
}
