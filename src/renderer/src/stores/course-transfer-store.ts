import { create } from 'zustand';
import type { Progress } from '../../../contracts/gradebook-dtos.ts';
import type { ContentMigration, DateShiftOptions, ExportAttachment, MigrationIssue, SelectiveNode } from '../../../contracts/move-dtos.ts';
import { currentIntl } from '../i18n/current-intl.ts';
import { followProgress } from '../lib/follow-progress.ts';
import { progressIdOf, saveDownload } from '../lib/save-download.ts';
import { currentApi, useSessionStore } from './session-store.ts';

/** A content type of a selective import with its pieces: what the import screen's choice lists. */
export interface SelectiveGroup {
  node: SelectiveNode;
  items: SelectiveNode[];
}

/** Where a course import stands, from the archive's upload to its issues. */
export type CourseImport =
  | { courseId: number; step: 'running'; completion: number }
  | { courseId: number; step: 'choosing'; migrationId: number; groups: SelectiveGroup[] }
  | { courseId: number; step: 'done'; migration: ContentMigration; issues: MigrationIssue[] }
  | { courseId: number; step: 'failed'; message: string; issues: MigrationIssue[] };

/** Where a course export stands, from the request to its file. */
export type CourseExport =
  | { courseId: number; step: 'running'; completion: number }
  | { courseId: number; step: 'done'; attachment: ExportAttachment }
  | { courseId: number; step: 'failed'; message: string };

export interface ImportRequest {
  file: File;
  migrationType: string;
  dates: DateShiftOptions;
  selective: boolean;
}

interface CourseTransferStore {
  courseImport?: CourseImport;
  courseExport?: CourseExport;
  /** Creates the migration, uploads the archive, follows the job; a selective one stops at the choice. */
  importStarted: (courseId: number, request: ImportRequest) => Promise<void>;
  /** Imports what a selective import's choice picked (`copy[...]` as Canvas takes it). */
  selectionImported: (courseId: number, migrationId: number, copy: Record<string, boolean | Record<string, boolean>>) => Promise<void>;
  exportStarted: (courseId: number) => Promise<void>;
  /** Saves the finished export's file as a download. */
  exportDownloaded: (attachment: ExportAttachment) => Promise<void>;
  importDismissed: () => void;
  exportDismissed: () => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useCourseTransferStore = create<CourseTransferStore>()((set) => {
  const api = () => currentApi();
  async function follow(progressUrl: string | undefined, onCompletion: (completion: number) => void, failure: string): Promise<Progress> {
    return followProgress(await api().progress(progressIdOf(progressUrl)), (id) => api().progress(id), onCompletion, failure);
  }

  /** Follows a migration's job to where it waits for a choice or ends, and says so. */
  async function migrationFollowed(courseId: number, started: ContentMigration): Promise<void> {
    const running = (completion: number) => set({ courseImport: { courseId, step: 'running', completion } });
    try {
      await follow(started.progress_url, running, currentIntl().formatMessage({ id: 'move.import.failed', defaultMessage: 'The import failed.' }));
    } catch (error) {
      set({ courseImport: { courseId, step: 'failed', message: messageOf(error), issues: await api().migrationIssues(courseId, started.id).catch(() => []) } });
      return;
    }
    const migration = await api().migration(courseId, started.id);
    if (migration.workflow_state === 'waiting_for_select') {
      const types = await api().selectiveData(courseId, migration.id);
      const groups = await Promise.all(types.map(async (node) => ({ node, items: await api().selectiveData(courseId, migration.id, node.type) })));
      set({ courseImport: { courseId, step: 'choosing', migrationId: migration.id, groups } });
      return;
    }
    set({ courseImport: { courseId, step: 'done', migration, issues: await api().migrationIssues(courseId, migration.id) } });
  }

  async function guarded(courseId: number, work: () => Promise<void>): Promise<void> {
    set({ courseImport: { courseId, step: 'running', completion: 0 } });
    try {
      await work();
    } catch (error) {
      set({ courseImport: { courseId, step: 'failed', message: messageOf(error), issues: [] } });
    }
  }

  return {
    importStarted: (courseId, request) =>
      guarded(courseId, async () => {
        const created = await api().migrationCreated(courseId, {
          migration_type: request.migrationType,
          name: request.file.name,
          size: request.file.size,
          selective_import: request.selective,
          date_shift_options: request.dates,
        });
        await migrationFollowed(courseId, await api().migrationArchiveSent(created, request.file));
      }),
    selectionImported: (courseId, migrationId, copy) => guarded(courseId, async () => migrationFollowed(courseId, await api().migrationSelected(courseId, migrationId, copy))),
    exportStarted: async (courseId) => {
      set({ courseExport: { courseId, step: 'running', completion: 0 } });
      try {
        const started = await api().contentExportStarted(courseId);
        await follow(started.progress_url, (completion) => set({ courseExport: { courseId, step: 'running', completion } }), currentIntl().formatMessage({ id: 'move.export.failed', defaultMessage: 'The export failed.' }));
        const done = await api().contentExport(courseId, started.id);
        if (!done.attachment) throw new Error(currentIntl().formatMessage({ id: 'move.export.noFile', defaultMessage: 'The export finished without a file.' }));
        set({ courseExport: { courseId, step: 'done', attachment: done.attachment } });
      } catch (error) {
        set({ courseExport: { courseId, step: 'failed', message: messageOf(error) } });
      }
    },
    exportDownloaded: async (attachment) => saveDownload(await api().exportBytes(attachment.url), attachment.filename),
    importDismissed: () => set({ courseImport: undefined }),
    exportDismissed: () => set({ courseExport: undefined }),
  };
});

useSessionStore.subscribe((state, previous) => {
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useCourseTransferStore.setState({ courseImport: undefined, courseExport: undefined });
});
