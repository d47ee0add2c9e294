import { randomUUID } from 'node:crypto';
import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { exportChunkKey, type ExportFileData, type ExportKind } from '../../domain/records/export-records.ts';
import { writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';

/**
 * The files exports write (a gradebook CSV, a course cartridge) for the person who asked: begun `pending`, filled
 * a chunk at a time by a job, `available` once whole, and read back a chunk at a time by the download, so a large
 * export is never whole in memory (docs/decisions/0109-gradebook-csv.md).
 */
export class ExportFilesService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  begin(input: { courseId: number; userId: number; kind: ExportKind; filename: string; contentType: string }, stamp: WriteStamp): Promise<Stored<ExportFileData>> {
    return this.#services.repos.exportFiles.create(
      {
        course_id: input.courseId,
        user_id: input.userId,
        kind: input.kind,
        filename: input.filename,
        content_type: input.contentType,
        size: 0,
        chunks: 0,
        uuid: randomUUID(),
        workflow_state: 'pending',
      },
      stamp,
    );
  }

  /**
   * Adds the export's chunk `index` and counts it in the file, in one transaction (one job item). A chunk already
   * written (a job resumed after a crash between its write and its done mark cannot happen, but a caller may ask
   * twice) is not written again.
   */
  async append(exportId: number, index: number, bytes: Buffer, stamp: WriteStamp): Promise<void> {
    const { exportFiles, exportChunks } = this.#services.repos;
    if (await exportChunks.byLookup(exportChunkKey(exportId, index))) return;
    const file = await exportFiles.get(exportId);
    if (!file) throw new Error(`export ${exportId} is gone`);
    const chunk = await exportChunks.build({ export_id: exportId, index, base64: bytes.toString('base64') }, stamp);
    const data: ExportFileData = { ...file.data, size: file.data.size + bytes.length, chunks: Math.max(file.data.chunks, index + 1) };
    await writeTogether([exportChunks.insertion(chunk), exportFiles.replacement(file, data, stamp)]);
  }

  /** Removes every chunk and counts nothing: a job that writes a whole file at once starts again from here. */
  async reset(exportId: number, stamp: WriteStamp): Promise<void> {
    const { exportFiles, exportChunks } = this.#services.repos;
    const file = await exportFiles.get(exportId);
    if (!file) throw new Error(`export ${exportId} is gone`);
    const chunks = await exportChunks.find({ parent_id: exportId });
    await writeTogether([...chunks.map((c) => exportChunks.removal(c)), exportFiles.replacement(file, { ...file.data, size: 0, chunks: 0, workflow_state: 'pending' }, stamp)]);
  }

  async setProgress(exportId: number, progressId: number, stamp: WriteStamp): Promise<Stored<ExportFileData> | undefined> {
    return this.#services.repos.exportFiles.update(exportId, stamp, (f) => ({ ...f, progress_id: progressId }));
  }

  async settle(exportId: number, state: 'available' | 'failed', stamp: WriteStamp): Promise<void> {
    await this.#services.repos.exportFiles.update(exportId, stamp, (f) => ({ ...f, workflow_state: state }));
  }

  async get(id: number): Promise<Stored<ExportFileData>> {
    const file = await this.#services.repos.exportFiles.get(id);
    if (!file) throw new NotFoundError('file');
    return file;
  }

  /** The bytes of an available export, one stored chunk at a time. */
  async *bytes(file: Stored<ExportFileData>): AsyncGenerator<Buffer> {
    for (let index = 0; index < file.data.chunks; index++) {
      const chunk = await this.#services.repos.exportChunks.byLookup(exportChunkKey(file.id, index));
      if (!chunk) throw new Error(`export ${file.id} lost its chunk ${index}`);
      yield Buffer.from(chunk.data.base64, 'base64');
    }
  }
}
