import { Readable } from 'node:stream';
import yazl from 'yazl';
import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { activeGroups } from '../../domain/grading/course-scores.ts';
import type { Principal } from '../../domain/principal.ts';
import type { ExportFileData } from '../../domain/records/export-records.ts';
import type { ProgressData } from '../../domain/records/local-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { servingRequests, type JobItems, type JobKind } from '../../jobs/job-runner.ts';
import { ExportFilesService } from '../export-files/export-files.service.ts';
import { cartridgeEntries, safeSegment, type CartridgeCourse, type CartridgeEntry } from './cartridge.ts';

export const CONTENT_EXPORT_TAG = 'content_export';
export const EXPORT_TYPES = ['common_cartridge', 'zip'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The size of each stored chunk of an archive: the job and the download hold one at a time. */
const CHUNK_BYTES = 256 * 1024;

const contentExportInputs = z.object({ course_id: z.number().int(), export_id: z.number().int(), export_type: z.enum(EXPORT_TYPES) });
type ContentExportInputs = z.infer<typeof contentExportInputs>;

/**
 * Canvas's Content Exports (decision 0111): a course as a Common Cartridge Canvas imports, or a zip of its files,
 * written by a job into the export's chunks while the zip streams: one course file's bytes are read at a time.
 */
export class ContentExportsService {
  readonly #services: CoreServices;
  readonly #files: ExportFilesService;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#files = new ExportFilesService(services);
    services.jobs.register(this.#job);
  }

  async start(principal: Principal, courseId: number, exportType: ExportType, stamp: WriteStamp): Promise<{ file: Stored<ExportFileData>; progress: Stored<ProgressData> }> {
    const course = await this.#services.repos.courses.get(courseId);
    if (!course) throw new NotFoundError('course');
    const name = safeSegment(course.data.course_code || course.data.name).replace(/\s+/g, '-').toLowerCase();
    const filename = exportType === 'zip' ? `${name}-files.zip` : `${name}-export.imscc`;
    const begun = await this.#files.begin(
      { courseId, userId: principal.userId, kind: exportType, filename, contentType: exportType === 'zip' ? 'application/zip' : 'application/vnd.ims.imsccv1p1' },
      stamp,
    );
    const progress = await this.#services.jobs.enqueue(this.#job, { course_id: courseId, export_id: begun.id, export_type: exportType }, { context_type: 'Course', context_id: courseId }, stamp);
    const file = (await this.#files.setProgress(begun.id, progress.id, stamp)) ?? begun;
    return { file, progress };
  }

  /** The course's exports this caller asked for, newest last (Canvas lists its own by id). */
  async list(principal: Principal, courseId: number): Promise<Stored<ExportFileData>[]> {
    const mine = await this.#services.repos.exportFiles.find({ user_id: principal.userId });
    return mine.filter((f) => f.data.course_id === courseId && f.data.kind !== 'gradebook_csv').sort((a, b) => a.id - b.id);
  }

  async get(principal: Principal, courseId: number, id: number): Promise<Stored<ExportFileData>> {
    const file = await this.#services.repos.exportFiles.get(id);
    if (!file || file.data.course_id !== courseId || file.data.kind === 'gradebook_csv' || file.data.user_id !== principal.userId) throw new NotFoundError('content export');
    return file;
  }

  readonly #job: JobKind<ContentExportInputs> = { kind: CONTENT_EXPORT_TAG, inputs: contentExportInputs, load: (inputs) => Promise.resolve(this.#load(inputs)) };

  /**
   * No items: the archive is written in `finish`, which starts the export's bytes over (so a resume after a crash
   * writes it whole again) and marks it available at the end.
   */
  #load(inputs: ContentExportInputs): JobItems {
    return {
      count: 0,
      apply: () => Promise.resolve(),
      finish: async (stamp) => {
        try {
          await this.#files.reset(inputs.export_id, stamp);
          const course = await this.#course(inputs.course_id, inputs.export_type);
          const entries = inputs.export_type === 'zip' ? course.files.map((f) => ({ path: safeSegment(f.data.display_name), fileId: f.id })) : cartridgeEntries(course);
          await this.#write(inputs.export_id, entries, stamp);
          await this.#files.settle(inputs.export_id, 'available', stamp);
          return { attachment_id: inputs.export_id };
        } catch (err) {
          await this.#files.settle(inputs.export_id, 'failed', stamp).catch(() => undefined);
          throw err;
        }
      },
    };
  }

  async #course(courseId: number, exportType: ExportType): Promise<CartridgeCourse> {
    const { repos } = this.#services;
    const course = await repos.courses.get(courseId);
    if (!course) throw new Error('The course is gone.');
    const files = (await repos.files.find({ course_id: courseId })).filter((f) => f.data.workflow_state === 'available' && f.data.purpose === 'course');
    if (exportType === 'zip') return { course, files, modules: [], pages: [], assignments: [], groups: [], topics: [] };
    const [modules, items, pages, assignments, groups, topics] = await Promise.all([
      repos.modules.find({ course_id: courseId }, [{ sort_key: 'asc' }]),
      repos.moduleItems.find({ course_id: courseId }, [{ sort_key: 'asc' }]),
      repos.wikiPages.find({ course_id: courseId }, [{ sort_key: 'asc' }]),
      repos.assignments.find({ course_id: courseId }, [{ sort_key: 'asc' }]),
      activeGroups(repos, courseId),
      repos.discussionTopics.find({ course_id: courseId }),
    ]);
    const liveItems = items.filter((i) => i.data.workflow_state === 'active');
    return {
      course,
      files,
      groups,
      modules: modules
        .filter((m) => m.data.workflow_state === 'active')
        .map((module) => ({ module, items: liveItems.filter((i) => i.data.module_id === module.id).sort((a, b) => a.data.position - b.data.position || a.id - b.id) })),
      pages: pages.filter((p) => p.data.context_type === 'Course' && p.data.workflow_state !== 'deleted'),
      // A graded topic's or quiz's assignment travels with its topic or quiz, not as an assignment of its own.
      assignments: assignments.filter((a) => a.data.workflow_state !== 'deleted' && a.data.quiz_id === null && a.data.discussion_topic_id === null),
      topics: topics.filter((t) => t.data.workflow_state !== 'deleted' && !t.data.is_announcement).sort((a, b) => a.id - b.id),
    };
  }

  /** Streams the zip into the export's chunks, reading each course file only when the zip comes to it. */
  async #write(exportId: number, entries: readonly CartridgeEntry[], stamp: WriteStamp): Promise<void> {
    const zip = new yazl.ZipFile();
    const mtime = new Date(stamp.now);
    for (const entry of entries) {
      if ('text' in entry) zip.addBuffer(Buffer.from(entry.text, 'utf8'), entry.path, { mtime });
      else zip.addReadStream(Readable.from(this.#fileBytes(entry.fileId)), entry.path, { mtime });
    }
    zip.end();
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let index = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const chunk = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      await this.#files.append(exportId, index++, chunk, stamp);
      await servingRequests();
    };
    for await (const piece of zip.outputStream as AsyncIterable<Buffer>) {
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
  }

  async *#fileBytes(fileId: number): AsyncGenerator<Buffer> {
    const [content] = await this.#services.repos.fileContents.find({ parent_id: fileId });
    if (content) yield Buffer.from(content.data.base64, 'base64');
  }
}
