import { create } from 'zustand';
import type { SubmissionContent } from '../../../contracts/lms-dtos.ts';
import { sendUpload } from '../api/upload.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi } from './session-store.ts';
import { useSyncStatusStore } from './sync-status-store.ts';

/** One attempt as the form holds it: files are still on the person's disk. */
export type SubmissionDraft =
  | Exclude<SubmissionContent, { submission_type: 'online_upload' }>
  | { submission_type: 'online_upload'; files: readonly File[] };

export interface UploadProgress {
  name: string;
  /** 0 to 1. */
  fraction: number;
}

interface SubmissionStore {
  /** The files of the attempt on its way, with how much of each has been sent. */
  uploads: readonly UploadProgress[];
  /** Sends the attempt (uploading its files first); throws the server's refusal for the form to show. */
  submitRequested: (courseId: number, assignmentId: number, draft: SubmissionDraft) => Promise<void>;
}

/**
 * A student's attempt at an assignment. Files go through Canvas's three steps (announce, send the bytes, confirm)
 * one after the other, then the attempt names them; the submission and the sync status are then read again.
 */
export const useSubmissionStore = create<SubmissionStore>()((set) => {
  const progressed = (index: number, fraction: number) =>
    set((s) => ({ uploads: s.uploads.map((u, i) => (i === index ? { ...u, fraction } : u)) }));

  async function uploaded(courseId: number, assignmentId: number, files: readonly File[]): Promise<number[]> {
    const api = currentApi();
    set({ uploads: files.map((f) => ({ name: f.name, fraction: 0 })) });
    const ids: number[] = [];
    for (const [index, file] of files.entries()) {
      const ticket = await api.beginSubmissionUpload(courseId, assignmentId, {
        name: file.name,
        size: file.size,
        content_type: file.type || 'application/octet-stream',
      });
      const location = await sendUpload(ticket, file, (fraction) => progressed(index, fraction));
      ids.push((await api.confirmUpload(location)).id);
    }
    return ids;
  }

  return {
    uploads: [],
    submitRequested: async (courseId, assignmentId, draft) => {
      try {
        const content: SubmissionContent =
          draft.submission_type === 'online_upload'
            ? { submission_type: 'online_upload', file_ids: await uploaded(courseId, assignmentId, draft.files) }
            : draft;
        await currentApi().submit(courseId, assignmentId, content);
      } finally {
        set({ uploads: [] });
      }
      await Promise.all([
        useResourceStore.getState().resourceStale(resources.mySubmission(courseId, assignmentId)),
        useSyncStatusStore.getState().refreshRequested(),
      ]);
    },
  };
});
