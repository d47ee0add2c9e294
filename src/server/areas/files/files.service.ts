import { createHash, randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { CoreServices } from '../../core-services.ts';
import { courseFileReadable, fileLock, fileLocked } from '../../domain/content-visibility.ts';
import { ContentLocks } from '../../domain/progression/content-locks.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { FileData } from '../../domain/records/content-records.ts';
import { isoOrNull } from '../common/api-values.ts';
import { dateOrderErrors, matchesSearch, type ContentViewer } from '../common/course-content.ts';
import { writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { MAX_FILE_BYTES, type FileMeta, type NewFile } from './files.params.ts';

const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain', html: 'text/html', htm: 'text/html', csv: 'text/csv', pdf: 'application/pdf', png: 'image/png',
  jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', json: 'application/json',
  zip: 'application/zip', mp3: 'audio/mpeg', mp4: 'video/mp4',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

type FileSort = 'name' | 'size' | 'created_at' | 'updated_at' | 'content_type';

/** Course files: metadata in one record, bytes in a `file_content` record beside it, written together. */
export class FilesService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async list(viewer: ContentViewer, f: { search_term?: string; content_types?: string[]; sort: FileSort; order: 'asc' | 'desc' }) {
    const all = await this.#services.repos.files.find({ course_id: viewer.courseId }, [{ sort_key: 'asc' }, { id: 'asc' }]);
    // Hidden files are reachable by link only; locked ones are the editors' until they unlock.
    const listed = all.filter(
      (file) =>
        file.data.workflow_state === 'available' &&
        file.data.purpose === 'course' &&
        (viewer.canManage || (!file.data.hidden && !fileLocked(file.data))) &&
        matchesSearch(file.data.display_name, f.search_term) &&
        (f.content_types === undefined || f.content_types.some((t) => file.data.content_type.startsWith(t))),
    );
    const key = sortKey(f.sort);
    const sorted = f.sort === 'name' ? listed : [...listed].sort((a, b) => compare(key(a), key(b)) || a.id - b.id);
    return f.order === 'desc' ? sorted.reverse() : sorted;
  }

  /** The file if it exists (else a 404); see `shownTo` for whether a viewer may see it. */
  async get(id: number): Promise<Stored<FileData>> {
    const record = await this.#services.repos.files.get(id);
    if (!record || record.data.workflow_state === 'deleted') throw new NotFoundError('file');
    return record;
  }

  /**
   * The file if the viewer may see it (its course; a course file not locked for them, by hand, dates or modules;
   * their own or visible work); else a 404. The sync pull sends a device the same files (docs/decisions/0048).
   */
  async shownTo(record: Stored<FileData>, viewer: ContentViewer, stamp: WriteStamp): Promise<Stored<FileData>> {
    if (record.data.course_id !== viewer.courseId) throw new NotFoundError('file');
    if (record.data.purpose === 'submission') {
      if (!(await this.#seesWorkOf(viewer, record.data.user_id))) throw new NotFoundError('file');
      return record;
    }
    if (viewer.canManage) return record;
    const locks = await ContentLocks.load(this.#services.repos, viewer.principal.userId, viewer.courseId, false, stamp);
    if (!courseFileReadable(record.data, fileLock(record, locks))) throw new NotFoundError('file');
    return record;
  }

  /** A submission file is the student's work: theirs, their observers' and their graders' (visibility rules). */
  async #seesWorkOf(viewer: ContentViewer, studentId: number): Promise<boolean> {
    if (viewer.principal.userId === studentId) return true;
    const visible = await this.#services.access.visibleStudents(viewer.principal, viewer.courseId);
    return visible === 'all' || visible.has(studentId);
  }

  /** The stored bytes of a file the viewer may see. */
  async bytes(file: Stored<FileData>): Promise<Buffer> {
    const [content] = await this.#services.repos.fileContents.find({ parent_id: file.id });
    if (!content) throw new NotFoundError('file content');
    return Buffer.from(content.data.base64, 'base64');
  }

  /** Outpost's one-request upload: the metadata and base64 bytes together. */
  async create(viewer: ContentViewer, input: NewFile, stamp: WriteStamp, purpose: FileData['purpose'] = 'course'): Promise<Stored<FileData>> {
    const bytes = Buffer.from(input.content, 'base64');
    if (bytes.length > MAX_FILE_BYTES) throw ValidationError.field('content', `is larger than ${MAX_FILE_BYTES} bytes`, 'too_long');
    if (input.size !== undefined && input.size !== bytes.length) {
      throw ValidationError.field('size', 'does not match the length of content', 'invalid');
    }
    return this.store(this.draft(viewer, input, purpose), bytes, stamp);
  }

  /**
   * Everything about a new file but its bytes, validated: a 400 here comes before any byte is sent (Canvas's
   * upload step 1) or stored.
   */
  draft(viewer: ContentViewer, input: FileMeta, purpose: FileData['purpose']): FileDraft {
    const name = basename(input.name.replace(/\\/g, '/')).replace(/\0/g, '');
    if (name === '' || name === '.' || name === '..') throw ValidationError.field('name', 'is not a file name', 'invalid');
    const data: FileDraft['data'] = {
      course_id: viewer.courseId,
      user_id: viewer.principal.userId,
      display_name: name,
      filename: name,
      content_type: input.content_type ?? TYPES_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream',
      locked: input.locked ?? false,
      hidden: input.hidden ?? false,
      unlock_at: isoOrNull(input.unlock_at ?? null),
      lock_at: isoOrNull(input.lock_at ?? null),
      workflow_state: 'available',
      purpose,
    };
    const invalid = dateOrderErrors(data);
    if (invalid) throw invalid;
    return { data, onDuplicate: input.on_duplicate ?? 'overwrite' };
  }

  /**
   * Stores a drafted file with its bytes, the metadata and the `file_content` record in one transaction. A course
   * file whose name is taken replaces that file's bytes in place (`overwrite`: links and module items keep
   * pointing at it) or takes the next free `name-N.ext` (`rename`). Submission files never collide: each is kept.
   */
  async store(draft: FileDraft, bytes: Buffer, stamp: WriteStamp): Promise<Stored<FileData>> {
    const { files, fileContents } = this.#services.repos;
    const taken = draft.data.purpose === 'course' ? await this.#courseFileNames(draft.data.course_id) : new Map<string, Stored<FileData>>();
    const name = draft.onDuplicate === 'rename' ? freeName(draft.data.display_name, taken) : draft.data.display_name;
    const data: FileData = { ...draft.data, display_name: name, filename: name, size: bytes.length, uuid: randomUUID() };
    const content = { course_id: data.course_id, base64: bytes.toString('base64'), sha256: createHash('sha256').update(bytes).digest('hex') };
    const existing = taken.get(name);
    if (existing) {
      const [stored] = await fileContents.find({ parent_id: existing.id });
      const planned = files.replacement(existing, data, stamp);
      const contentWrite = stored
        ? fileContents.replacement(stored, { ...content, file_id: existing.id }, stamp)
        : fileContents.insertion(await fileContents.build({ ...content, file_id: existing.id }, stamp));
      await writeTogether([planned, contentWrite]);
      return planned.record;
    }
    const file = await files.build(data, stamp);
    await writeTogether([files.insertion(file), fileContents.insertion(await fileContents.build({ ...content, file_id: file.id }, stamp))]);
    return file;
  }

  async #courseFileNames(courseId: number): Promise<Map<string, Stored<FileData>>> {
    const all = await this.#services.repos.files.find({ course_id: courseId });
    return new Map(all.filter((f) => f.data.workflow_state === 'available' && f.data.purpose === 'course').map((f) => [f.data.display_name, f]));
  }
}

/** A validated new file without its bytes; `size` and `uuid` come with the bytes. */
export interface FileDraft {
  readonly data: Omit<FileData, 'size' | 'uuid'>;
  readonly onDuplicate: 'overwrite' | 'rename';
}

/** Canvas's rename: `notes.txt`, then `notes-1.txt`, `notes-2.txt`… */
function freeName(name: string, taken: ReadonlyMap<string, unknown>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n++) {
    const candidate = `${stem}-${n}${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}


function sortKey(sort: FileSort): (f: Stored<FileData>) => string | number {
  switch (sort) {
    case 'size':
      return (f) => f.data.size;
    case 'created_at':
      return (f) => f.created_at;
    case 'updated_at':
      return (f) => f.updated_at;
    case 'content_type':
      return (f) => f.data.content_type;
    case 'name':
      return (f) => f.data.display_name.toLowerCase();
  }
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
