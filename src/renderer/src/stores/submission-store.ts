import { create } from 'zustand';
import type { MediaType, SubmissionContent } from '../../../contracts/lms-dtos.ts';
import { uploadSubmissionFiles } from '../api/upload.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi } from './session-store.ts';
import { useSyncStatusStore } from './sync-status-store.ts';

/** One attempt as the form holds it: files are still on the person's disk, a recording still in the page. */
export type SubmissionDraft =
  | Exclude<SubmissionContent, { submission_type: 'online_upload' | 'media_recording' }>
  | { submission_type: 'online_upload'; files: readonly File[] }
  | { submission_type: 'media_recording'; recording: File; media_type: MediaType };

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
 * What the attempt sends once its files are uploaded: a recording is uploaded like a file (Outpost has no media
 * service), and the attempt names it by its id.
 */
async function contentOf(draft: SubmissionDraft, upload: (files: readonly File[]) => Promise<number[]>): Promise<SubmissionContent> {
  switch (draft.submission_type) {
    case 'online_upload':
      return { submission_type: 'online_upload', file_ids: await upload(draft.files) };
    case 'media_recording': {
      const [id] = await upload([draft.recording]);
      return { submission_type: 'media_recording', media_comment_id: String(id), media_comment_type: draft.media_type };
    }
    default:
      return draft;
  }
}

/**
 * A student's attempt at an assignment. Files go through Canvas's three steps (announce, send the bytes, confirm)
 * one after the other, then the attempt names them; the submission and the sync status are then read again.
 */
export const useSubmissionStore = create<SubmissionStore>()((set) => {
  const progressed = (index: number, fraction: number) =>
    set((s) => ({ uploads: s.uploads.map((u, i) => (i === index ? { ...u, fraction } : u)) }));

  async function uploaded(courseId: number, assignmentId: number, files: readonly File[]): Promise<number[]> {
    set({ uploads: files.map((f) => ({ name: f.name, fraction: 0 })) });
    return uploadSubmissionFiles(currentApi(), { courseId, assignmentId }, files, progressed);
  }

  return {
    uploads: [],
    submitRequested: async (courseId, assignmentId, draft) => {
      try {
        await currentApi().submit(courseId, assignmentId, await contentOf(draft, (files) => uploaded(courseId, assignmentId, files)));
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
