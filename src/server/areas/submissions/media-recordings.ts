import { BadRequestError } from '../../domain/errors.ts';
import type { SubmissionData } from '../../domain/records/submission-records.ts';
import type { SubmissionStore } from './submission-store.ts';

/**
 * Outpost has no media service: a recording is a submission file the student uploaded (Canvas's three-step upload
 * on `…/submissions/self/files`), and `media_comment_id` is that file's id as a decimal string (decision 0076). A
 * numeric id lets a device's offline attempt name the file it uploaded offline: the hub's replay maps it like
 * `file_ids` (decision 0059).
 */
export const MEDIA_TYPES = ['audio', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The file a media id names, when it names one. */
export function mediaFileId(mediaId: string | null): number | undefined {
  if (mediaId === null || !/^\d{1,16}$/.test(mediaId)) return undefined;
  const id = Number(mediaId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The files the submissions' media name, for the reader to load with their attachments. */
export function mediaFileIds(submissions: readonly SubmissionData[]): number[] {
  return submissions.flatMap((s) => mediaFileId(s.media_comment_id) ?? []);
}

/**
 * The recording a media submission names: `media_comment_type` audio or video, and an audio or video file the
 * caller uploaded to the course; a 400 otherwise, before anything is written.
 */
export async function ownRecording(store: SubmissionStore, courseId: number, userId: number, mediaId: string, mediaType: string): Promise<{ media_comment_id: string; media_comment_type: MediaType }> {
  const type = MEDIA_TYPES.find((t) => t === mediaType);
  if (type === undefined) throw new BadRequestError('Invalid submission[media_comment_type] given: use audio or video');
  const message = 'No valid media_comment_id given';
  const fileId = mediaFileId(mediaId);
  if (fileId === undefined) throw new BadRequestError(message);
  const [file] = await store.ownFiles(courseId, userId, [fileId], message);
  if (file === undefined || !isRecordingType(file.data.content_type)) throw new BadRequestError(message);
  return { media_comment_id: String(file.id), media_comment_type: type };
}

/** Sound or video: what a recording may be. */
export function isRecordingType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^(audio|video)\//.test(contentType);
}
