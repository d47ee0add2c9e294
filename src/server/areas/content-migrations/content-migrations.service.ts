import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { ContentMigrationData, MigrationIssueData } from '../../domain/records/export-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { servingRequests, type JobItems, type JobKind } from '../../jobs/job-runner.ts';
import { isoSeconds } from '../common/api-values.ts';
import { ExportFilesService } from '../export-files/export-files.service.ts';
import { MAX_FILE_BYTES } from '../files/files.params.ts';
import { ArchiveRefused, readArchive } from './archive-reader.ts';
import { CartridgeRefused, readCartridge, type CartridgePlan } from './cartridge-reader.ts';
import type { CreateMigrationParams } from './content-migrations.params.ts';
import { withDatesShifted, type DateShiftOptions } from './date-shift.ts';
import { selectableContent, selectedPlan, type CopySelection } from './selective-import.ts';

export const CONTENT_MIGRATION_TAG = 'content_migration';


/** The largest archive an upload may carry. */
export const MAX_ARCHIVE_BYTES = 20 * 1024 * 1024;
const ARCHIVE_CHUNK = 256 * 1024;

const migrationInputs = z.object({ migration_id: z.number().int(), token_id: z.number().int(), scopes: z.array(z.string()).nullable() });
type MigrationInputs = z.infer<typeof migrationInputs>;

type Json = Record<string, unknown>;

/** Performs one write through the API's route for it, as the importing user: its JSON, or the refusal's message (a 5xx throws). */
export type RouteWrite = (method: string, route: string, params: Json) => Promise<{ body: Json } | { refused: string }>;
/** The writer acting as a user with a token's scopes (content-migrations-routing.ts). */
export type RouteWriterFor = (as: { userId: number; tokenId: number; scopes: readonly string[] | null }) => RouteWrite;

/**
 * Canvas's Content Migrations for Common Cartridges (decision 0112): a migration is created, its archive uploaded,
 * then a job reads the whole archive and cartridge with limits and refuses a hostile or broken one with an `error`
 * issue before writing anything; a sound one is written through the API's own routes as the importing user (the
 * same validation, permission rules, sanitising and webhooks as over HTTP).
 */
export class ContentMigrationsService {
  readonly #services: CoreServices;
  readonly #writerFor: RouteWriterFor;
  readonly #files: ExportFilesService;

  constructor(services: CoreServices, writerFor: RouteWriterFor) {
    this.#services = services;
    this.#writerFor = writerFor;
    this.#files = new ExportFilesService(services);
    services.jobs.register(this.#job);
  }

  create(principal: Principal, courseId: number, p: CreateMigrationParams, stamp: WriteStamp) {
    const name = p.pre_attachment?.name?.trim();
    if (!name) throw ValidationError.field('pre_attachment', 'File upload is required (pre_attachment[name]); settings[file_url] is not supported', 'required');
    if (p.pre_attachment?.size !== undefined && p.pre_attachment.size > MAX_ARCHIVE_BYTES) {
      throw ValidationError.field('pre_attachment', `the archive is larger than ${MAX_ARCHIVE_BYTES} bytes`, 'too_long');
    }
    return this.#services.repos.contentMigrations.create(
      {
        course_id: courseId,
        user_id: principal.userId,
        migration_type: p.migration_type,
        archive_id: null,
        pre_attachment_name: name,
        progress_id: null,
        workflow_state: 'pre_processing',
        started_at: null,
        finished_at: null,
        issues: [],
        imported: {},
        selective_import: p.selective_import === true,
        date_shift: dateShiftOf(p.date_shift_options),
        selectable: null,
        copy: null,
      },
      stamp,
    );
  }

  async get(courseId: number, id: number): Promise<Stored<ContentMigrationData>> {
    const m = await this.#services.repos.contentMigrations.get(id);
    if (!m || m.data.course_id !== courseId) throw new NotFoundError('content migration');
    return m;
  }

  async list(courseId: number): Promise<Stored<ContentMigrationData>[]> {
    return (await this.#services.repos.contentMigrations.find({ parent_id: courseId })).sort((a, b) => a.id - b.id);
  }

  /** Stores the uploaded archive (in chunks) and queues the import. */
  async upload(principal: Principal, migration: Stored<ContentMigrationData>, bytes: Buffer, stamp: WriteStamp): Promise<Stored<ContentMigrationData>> {
    if (migration.data.workflow_state !== 'pre_processing') throw ValidationError.field('file', 'this migration has its archive already', 'taken');
    const archive = await this.#files.begin(
      { courseId: migration.data.course_id, userId: principal.userId, kind: 'migration_archive', filename: migration.data.pre_attachment_name ?? 'archive.imscc', contentType: 'application/zip' },
      stamp,
    );
    for (let i = 0; i * ARCHIVE_CHUNK < bytes.length || i === 0; i++) await this.#files.append(archive.id, i, bytes.subarray(i * ARCHIVE_CHUNK, (i + 1) * ARCHIVE_CHUNK), stamp);
    await this.#files.settle(archive.id, 'available', stamp);
    const progress = await this.#enqueue(principal, migration, stamp);
    const updated = await this.#services.repos.contentMigrations.update(migration.id, stamp, (m) => ({ ...m, archive_id: archive.id, progress_id: progress.id, workflow_state: 'queued' }));
    return updated ?? migration;
  }

  /** A selective import's `copy[...]`: what to import of the checked archive, by a new run of the job (decision 0130). */
  async select(principal: Principal, migration: Stored<ContentMigrationData>, copy: CopySelection, stamp: WriteStamp): Promise<Stored<ContentMigrationData>> {
    if (migration.data.workflow_state !== 'waiting_for_select') throw ValidationError.field('copy', 'this migration is not waiting for a selection', 'invalid');
    const progress = await this.#enqueue(principal, migration, stamp);
    const updated = await this.#services.repos.contentMigrations.update(migration.id, stamp, (m) => ({ ...m, copy, progress_id: progress.id, workflow_state: 'queued', finished_at: null }));
    return updated ?? migration;
  }

  /** Queues a run of the import job as the caller (their token's scopes): checking the archive, and importing it. */
  #enqueue(principal: Principal, migration: Stored<ContentMigrationData>, stamp: WriteStamp) {
    return this.#services.jobs.enqueue(
      this.#job,
      { migration_id: migration.id, token_id: principal.tokenId, scopes: principal.scopes ? [...principal.scopes] : null },
      { context_type: 'Course', context_id: migration.data.course_id },
      stamp,
    );
  }

  readonly #job: JobKind<MigrationInputs> = { kind: CONTENT_MIGRATION_TAG, inputs: migrationInputs, load: (inputs) => this.#load(inputs) };

  async #load(inputs: MigrationInputs): Promise<JobItems> {
    const migration = await this.#services.repos.contentMigrations.get(inputs.migration_id);
    if (!migration) throw new Error('The content migration is gone.');
    // Content is written through the routes, many transactions: a run cut short is not run again over its own writes.
    if (migration.data.workflow_state !== 'queued') {
      await this.#settle(migration.id, 'failed', [{ issue_type: 'error', description: 'The import was interrupted (the app closed); some content may have been imported. Check the course, then import again.' }]);
      throw new Error('The import was interrupted.');
    }
    return { count: 0, apply: () => Promise.resolve(), finish: (stamp) => this.#run(migration, inputs, stamp) };
  }

  async #run(migration: Stored<ContentMigrationData>, inputs: MigrationInputs, stamp: WriteStamp): Promise<unknown> {
    const repo = this.#services.repos.contentMigrations;
    await repo.update(migration.id, stamp, (m) => ({ ...m, workflow_state: 'running', started_at: isoSeconds(stamp.now) }));
    let plan: CartridgePlan;
    try {
      plan = readCartridge(await readArchive(await this.#archiveBytes(migration.data.archive_id)));
    } catch (err) {
      if (!(err instanceof ArchiveRefused || err instanceof CartridgeRefused)) throw err;
      const description = `The archive was refused and nothing was imported: ${err.message}.`;
      await this.#settle(migration.id, 'failed', [{ issue_type: 'error', description }]);
      throw new Error(description, { cause: err });
    }
    const { selective_import, copy, date_shift } = migration.data;
    if (selective_import === true && !copy) {
      await repo.update(migration.id, stamp, (m) => ({ ...m, workflow_state: 'waiting_for_select', selectable: selectableContent(plan) }));
      return { waiting_for_select: true };
    }
    const warnings = [...plan.warnings];
    const imported = await this.#write(migration.data.course_id, withDatesShifted(copy ? selectedPlan(plan, copy) : plan, date_shift ?? null), inputs, warnings);
    await this.#settle(migration.id, 'completed', warnings.map((description) => ({ issue_type: 'warning', description })), imported);
    return { imported };
  }

  async #archiveBytes(archiveId: number | null): Promise<Buffer> {
    if (archiveId === null) throw new ArchiveRefused('no archive was uploaded');
    const file = await this.#files.get(archiveId);
    const parts: Buffer[] = [];
    for await (const part of this.#files.bytes(file)) parts.push(part);
    return Buffer.concat(parts);
  }

  async #settle(id: number, state: 'completed' | 'failed', issues: Array<Pick<MigrationIssueData, 'issue_type' | 'description'>>, imported: Record<string, number> = {}): Promise<void> {
    const now = Date.now();
    const read = await this.#services.repos.contentMigrations.get(id);
    await this.#services.repos.contentMigrations.update(id, { actorId: read?.data.user_id ?? 0, requestId: `migration-${id}`, now }, (m) => ({
      ...m,
      workflow_state: state,
      finished_at: isoSeconds(now),
      imported,
      issues: [...m.issues, ...issues.map((issue, i) => ({ ...issue, id: m.issues.length + i + 1, created_at: isoSeconds(now) }))],
    }));
  }

  /**
   * Creates the plan's content through the API's routes, as the importing user: groups, files, pages,
   * assignments, discussions, then the modules and their items in order. A route's refusal skips that piece with
   * a warning; the rest goes on.
   */
  async #write(courseId: number, plan: CartridgePlan, inputs: MigrationInputs, warnings: string[]): Promise<Record<string, number>> {
    const migration = await this.#services.repos.contentMigrations.get(inputs.migration_id);
    const write = this.#writerFor({ userId: migration!.data.user_id, tokenId: inputs.token_id, scopes: inputs.scopes });
    const counts: Record<string, number> = {};
    const run = async (what: string, kind: string, method: string, route: string, params: Json): Promise<Json | null> => {
      await servingRequests();
      const result = await write(method, route, { course_id: String(courseId), ...params });
      if ('refused' in result) {
        warnings.push(`${what} was not imported: ${result.refused}`);
        return null;
      }
      counts[kind] = (counts[kind] ?? 0) + 1;
      return result.body;
    };
    const defined = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

    const groupIds = new Map<string, number>();
    for (const g of plan.groups) {
      const body = await run(`The assignment group "${g.name}"`, 'assignment_groups', 'POST', '/api/v1/courses/:course_id/assignment_groups', defined({ name: g.name, position: g.position, group_weight: g.group_weight }));
      if (body) groupIds.set(g.ref, body.id as number);
    }
    const fileIds = new Map<string, number>();
    for (const f of plan.files) {
      if (f.bytes.length > MAX_FILE_BYTES) {
        warnings.push(`The file "${f.name}" was not imported: it is larger than ${MAX_FILE_BYTES} bytes.`);
        continue;
      }
      const body = await run(`The file "${f.name}"`, 'files', 'POST', '/api/v1/courses/:course_id/files', { name: f.name, content: f.bytes.toString('base64'), on_duplicate: 'rename', hidden: f.hidden, locked: f.locked });
      if (body) fileIds.set(f.ref, body.id as number);
    }
    const pageUrls = new Map<string, string>();
    for (const p of plan.pages) {
      const body = await run(`The page "${p.title}"`, 'pages', 'POST', '/api/v1/courses/:course_id/pages', { wiki_page: { title: p.title, body: p.body, published: p.published } });
      if (body) pageUrls.set(p.ref, body.url as string);
    }
    const assignmentIds = new Map<string, number>();
    for (const a of plan.assignments) {
      const assignment = defined({
        name: a.name,
        description: a.description === '' ? null : a.description,
        points_possible: a.points_possible,
        grading_type: a.grading_type,
        submission_types: a.submission_types.length > 0 ? a.submission_types : null,
        allowed_extensions: a.allowed_extensions.length > 0 ? a.allowed_extensions : null,
        due_at: a.due_at,
        unlock_at: a.unlock_at,
        lock_at: a.lock_at,
        published: a.published,
        assignment_group_id: a.group_ref ? groupIds.get(a.group_ref) : null,
        omit_from_final_grade: a.omit_from_final_grade,
      });
      const body = await run(`The assignment "${a.name}"`, 'assignments', 'POST', '/api/v1/courses/:course_id/assignments', { assignment });
      if (body) assignmentIds.set(a.ref, body.id as number);
    }
    const topicIds = new Map<string, number>();
    for (const t of plan.topics) {
      const body = await run(`The discussion "${t.title}"`, 'discussion_topics', 'POST', '/api/v1/courses/:course_id/discussion_topics', defined({ title: t.title, message: t.message, discussion_type: t.discussion_type, published: t.published, pinned: t.pinned, require_initial_post: t.require_initial_post }));
      if (body) topicIds.set(t.ref, body.id as number);
    }
    const moduleIds = new Map<string, number>();
    for (const m of plan.modules) {
      const prerequisites = m.prerequisites.map((ref) => moduleIds.get(ref)).filter((id): id is number => id !== undefined).map(String);
      const module = defined({ name: m.name, require_sequential_progress: m.require_sequential_progress, unlock_at: m.unlock_at, published: m.published, prerequisite_module_ids: prerequisites.length > 0 ? prerequisites : null });
      const body = await run(`The module "${m.name}"`, 'modules', 'POST', '/api/v1/courses/:course_id/modules', { module });
      if (!body) continue;
      const moduleId = body.id as number;
      moduleIds.set(m.ref, moduleId);
      for (const item of m.items) {
        const target =
          item.type === 'Page' ? { page_url: pageUrls.get(item.resource!) }
          : item.type === 'File' ? { content_id: fileIds.get(item.resource!) }
          : item.type === 'Assignment' ? { content_id: assignmentIds.get(item.resource!) }
          : item.type === 'Discussion' ? { content_id: topicIds.get(item.resource!) }
          : item.type === 'ExternalUrl' ? { external_url: item.url }
          : {};
        if (Object.values(target).some((v) => v === undefined || v === null)) {
          warnings.push(`The module item "${item.title}" was not imported: its content was not imported.`);
          continue;
        }
        const moduleItem = defined({ type: item.type, title: item.title, ...target, indent: item.indent, new_tab: item.new_tab, published: item.published, completion_requirement: item.requirement });
        await run(`The module item "${item.title}"`, 'module_items', 'POST', '/api/v1/courses/:course_id/modules/:module_id/items', { module_id: String(moduleId), module_item: moduleItem });
      }
    }
    return counts;
  }
}

/** The stored form of `date_shift_options`: days only; shifting needs both starts. */
function dateShiftOf(o: CreateMigrationParams['date_shift_options']): DateShiftOptions | null {
  if (!o || (o.shift_dates !== true && o.remove_dates !== true)) return null;
  const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);
  const shift: DateShiftOptions = {
    shift_dates: o.shift_dates === true,
    remove_dates: o.remove_dates === true,
    old_start_date: day(o.old_start_date),
    old_end_date: day(o.old_end_date),
    new_start_date: day(o.new_start_date),
    new_end_date: day(o.new_end_date),
  };
  if (shift.shift_dates && !shift.remove_dates && (shift.old_start_date === null || shift.new_start_date === null)) {
    throw ValidationError.field('date_shift_options', 'shift_dates needs old_start_date and new_start_date', 'required');
  }
  return shift;
}
