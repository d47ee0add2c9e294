import { create } from 'zustand';
import type { GradebookUploadPreview } from '../../../contracts/move-dtos.ts';
import { currentIntl } from '../i18n/current-intl.ts';
import { followProgress } from '../lib/follow-progress.ts';
import { saveDownload } from '../lib/save-download.ts';
import { useGradebookStore } from './gradebook-store.ts';
import { currentApi, useSessionStore } from './session-store.ts';

/** The gradebook's CSV export, from the request to the download. */
export type GradebookExport = { courseId: number; step: 'running' } | { courseId: number; step: 'done'; filename: string } | { courseId: number; step: 'failed'; message: string };

/** A gradebook CSV's import: previewed, then confirmed and graded by a job, then shown in the gradebook. */
export type GradebookImport =
  | { courseId: number; step: 'previewing' }
  | { courseId: number; step: 'previewed'; preview: GradebookUploadPreview }
  | { courseId: number; step: 'saving'; preview: GradebookUploadPreview; completion: number }
  | { courseId: number; step: 'done'; preview: GradebookUploadPreview }
  | { courseId: number; step: 'failed'; preview?: GradebookUploadPreview; message: string };

interface GradebookTransferStore {
  gradebookExport?: GradebookExport;
  gradebookImport?: GradebookImport;
  /** Asks for the gradebook as Canvas's CSV, follows the job writing it, and saves the file as a download. */
  exportRequested: (courseId: number) => Promise<void>;
  /** Sends the file's text for a preview of every change; nothing is graded yet. */
  filePreviewed: (courseId: number, file: File) => Promise<void>;
  /** Grades the preview's changes (a job), then reads the changed assignments' grades into the gradebook. */
  importConfirmed: () => Promise<void>;
  importDismissed: () => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useGradebookTransferStore = create<GradebookTransferStore>()((set, get) => ({
  exportRequested: async (courseId) => {
    set({ gradebookExport: { courseId, step: 'running' } });
    try {
      const api = currentApi();
      const started = await api.gradebookCsvStarted(courseId);
      await followProgress(started.progress, (id) => api.progress(id), () => undefined, currentIntl().formatMessage({ id: 'move.gradebookExport.failed', defaultMessage: 'The gradebook could not be exported.' }));
      saveDownload(await api.exportBytes(started.attachment.url), started.filename);
      set({ gradebookExport: { courseId, step: 'done', filename: started.filename } });
    } catch (error) {
      set({ gradebookExport: { courseId, step: 'failed', message: messageOf(error) } });
    }
  },
  filePreviewed: async (courseId, file) => {
    set({ gradebookImport: { courseId, step: 'previewing' } });
    try {
      const preview = await currentApi().gradebookUploadPreviewed(courseId, await file.text(), file.name);
      set({ gradebookImport: { courseId, step: 'previewed', preview } });
    } catch (error) {
      set({ gradebookImport: { courseId, step: 'failed', message: messageOf(error) } });
    }
  },
  importConfirmed: async () => {
    const shown = get().gradebookImport;
    if (shown?.step !== 'previewed') return;
    const { courseId, preview } = shown;
    set({ gradebookImport: { courseId, step: 'saving', preview, completion: 0 } });
    try {
      const api = currentApi();
      await followProgress(
        await api.gradebookUploadConfirmed(courseId, preview.id),
        (id) => api.progress(id),
        (completion) => set({ gradebookImport: { courseId, step: 'saving', preview, completion } }),
        currentIntl().formatMessage({ id: 'move.gradebookImport.failed', defaultMessage: 'The grades could not be saved.' }),
      );
      const gradebook = useGradebookStore.getState();
      await Promise.all([...new Set(preview.changes.map((c) => c.assignment_id))].map((id) => gradebook.assignmentRegraded(courseId, id)));
      set({ gradebookImport: { courseId, step: 'done', preview } });
    } catch (error) {
      set({ gradebookImport: { courseId, step: 'failed', preview, message: messageOf(error) } });
    }
  },
  importDismissed: () => set({ gradebookImport: undefined }),
}));

useSessionStore.subscribe((state, previous) => {
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useGradebookTransferStore.setState({ gradebookExport: undefined, gradebookImport: undefined });
});
