import type { CoreServices } from '../../core-services.ts';
import { BadRequestError, NotFoundError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import { attemptLimit } from '../../domain/records/content-records.ts';
import type { Principal } from '../../domain/principal.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import { API_SUBMISSION_TYPES, type ApiSubmissionType, type SubmissionData } from '../../domain/records/submission-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { assignmentLockSubject } from '../../domain/content-visibility.ts';
import { MANAGE_ASSIGNMENTS } from '../assignments/assignments.service.ts';
import { contentViewer, visibleInCourse, type ContentViewer } from '../common/course-content.ts';
import { ContentLocks } from '../../domain/progression/content-locks.ts';
import type { SubmissionStore} from './submission-store.ts';
import { type StoredAssignment } from './submission-store.ts';
import { placeholder, submit, type SubmittedContent } from './submission-workflow.ts';
import type { SubmitParams } from './submissions.params.ts';
import { isRecordingType, ownRecording } from './media-recordings.ts';
import type { SubmissionScope } from './submission-scope.ts';

/** Who sees unpublished assignments here: their editors, and graders. */
const SEES_DRAFTS = [...MANAGE_ASSIGNMENTS, 'manage_grades'] as const;

/** The field each API submission type needs; the others are ignored (docs/canvas-compatibility.md §8.6). */
const REQUIRED: Readonly<Record<ApiSubmissionType, string>> = {
  online_text_entry: 'submission[body]',
  online_url: 'submission[url]',
  online_upload: 'submission[file_ids]',
  media_recording: 'submission[media_comment_id], submission[media_comment_type]',
  basic_lti_launch: 'submission[url]',
};

/** Submitting, and reading submissions. Grading is `GradingService`. */
export class SubmissionsService {
  readonly #services: CoreServices;
  readonly store: SubmissionStore;

  constructor(services: CoreServices, store: SubmissionStore) {
    this.#services = services;
    this.store = store;
  }

  viewer(principal: Principal, courseId: number): Promise<ContentViewer> {
    return contentViewer(this.#services, principal, courseId, SEES_DRAFTS);
  }

  /** 404 for an assignment of another course, deleted, or a draft the viewer may not see. */
  async assignment(viewer: ContentViewer, id: number): Promise<StoredAssignment> {
    return visibleInCourse(await this.#services.repos.assignments.get(id), viewer, 'assignment');
  }

  /** The student's submission, created as a placeholder if they have none yet. */
  async one(assignment: StoredAssignment, userId: number, stamp: WriteStamp): Promise<Stored<SubmissionData>> {
    return (await this.store.ensure(assignment, [userId], stamp)).get(userId)!;
  }

  /** Submissions of the given students, by user id ascending (Canvas's order for one assignment). */
  async forStudents(assignment: StoredAssignment, studentIds: readonly number[], stamp: WriteStamp): Promise<Stored<SubmissionData>[]> {
    const all = await this.store.ensure(assignment, studentIds, stamp);
    return [...studentIds].sort((a, b) => a - b).map((id) => all.get(id)!);
  }

  /**
   * A new attempt by the calling student; everything is validated before anything is written. `madeAt`: when a
   * replayed offline attempt was made, where the hub vouches for it (decision 0062): the attempt is submitted then,
   * and whether the assignment was open is judged then too, so its `submitted_at` and its late/closed rules agree.
   */
  async submit(viewer: ContentViewer, scope: SubmissionScope, p: SubmitParams, stamp: WriteStamp, madeAt = stamp.now) {
    const assignment = await this.assignment(viewer, p.assignment_id);
    if (assignment.data.course_id !== scope.courseId) throw new NotFoundError('assignment');
    // A module not yet unlocked, or the assignment's own dates, withhold Canvas's `:submit` right: 401.
    const locks = await ContentLocks.load(this.#services.repos, viewer.principal.userId, viewer.courseId, viewer.canManage, { ...stamp, now: madeAt });
    if (locks.lockOf(assignmentLockSubject(assignment))) throw new UnauthorizedError();
    const content = await this.#content(assignment, viewer.principal.userId, p.submission);
    const author = await this.#services.repos.users.get(viewer.principal.userId);
    const text = p.comment?.text_comment?.trim();
    const userId = viewer.principal.userId;
    const saved = await this.store.serialized(assignment.id, async () => {
      const read = await this.store.byPair(assignment.id, userId);
      refuseBeyondAttempts(assignment, read?.data.attempt ?? null);
      const next = submit(read?.data ?? placeholder(assignment, userId), content, { madeAt, receivedAt: stamp.now });
      const comment = text
        ? { course_id: assignment.data.course_id, assignment_id: assignment.id, user_id: userId, author_id: userId, author_name: author?.data.short_name ?? '', comment: text, media_comment_id: null, media_comment_type: null, attachment_ids: [], edited_at: null }
        : undefined;
      return this.store.apply({ assignment, userId, read, next, version: true, ...(comment ? { comment } : {}) }, stamp);
    });
    await progressionService(this.#services.repos).submitted(assignment.data.course_id, userId, { type: 'Assignment', id: assignment.id }, stamp);
    return { saved, assignment };
  }

  async #content(assignment: StoredAssignment, userId: number, s: SubmitParams['submission']): Promise<SubmittedContent> {
    // Missing or not one of the API's types: the same 400 as a type the assignment does not take.
    const type = (s.submission_type ?? '') as ApiSubmissionType;
    const allowed = assignment.data.submission_types as readonly string[];
    // Outpost has no `online` type: LTI launches are allowed where external tools are.
    const permitted = API_SUBMISSION_TYPES.includes(type) && (allowed.includes(type) || (type === 'basic_lti_launch' && allowed.includes('external_tool')));
    if (!permitted) throw new BadRequestError('Invalid submission[submission_type] given');
    const missing = () => new BadRequestError(`Invalid parameters for submission_type ${type}. Required: ${REQUIRED[type]}`);
    switch (type) {
      case 'online_text_entry':
        if (s.body === undefined || s.body === null) throw missing();
        return { submission_type: type, body: s.body };
      case 'online_url':
      case 'basic_lti_launch':
        if (s.url === undefined || s.url === '') throw missing();
        return { submission_type: type, url: httpUrl(s.url) };
      case 'online_upload': {
        if (s.file_ids === undefined || s.file_ids.length === 0) throw missing();
        const files = await this.store.ownFiles(assignment.data.course_id, userId, s.file_ids);
        // Checked again here: a recording's upload skipped the check, and a file uploaded for another assignment
        // of the course never had this one's.
        for (const file of files) refuseDisallowedExtension(assignment, file.data.filename);
        return { submission_type: type, attachment_ids: files.map((f) => f.id) };
      }
      case 'media_recording':
        if (s.media_comment_id === undefined || s.media_comment_type === undefined) throw missing();
        return { submission_type: type, ...(await ownRecording(this.store, assignment.data.course_id, userId, s.media_comment_id, s.media_comment_type)) };
    }
  }
}

/** Canvas counts attempts against `allowed_attempts` and refuses the one past the limit (-1: no limit). */
function refuseBeyondAttempts(assignment: StoredAssignment, attempt: number | null): void {
  const limit = attemptLimit(assignment.data);
  if (limit > 0 && (attempt ?? 0) >= limit) {
    throw new BadRequestError('You have reached the maximum number of allowed attempts for this assignment');
  }
}

/**
 * An upload for a submission must have one of the extensions the assignment allows, when it names any; a recording
 * for an assignment that takes recordings is exempt, as Canvas's media service never sees that list.
 */
export function refuseDisallowedUpload(assignment: StoredAssignment, fileName: string, contentType: string | undefined): void {
  if (assignment.data.submission_types.includes('media_recording') && isRecordingType(contentType)) return;
  refuseDisallowedExtension(assignment, fileName);
}

function refuseDisallowedExtension(assignment: StoredAssignment, fileName: string): void {
  const allowed = assignment.data.allowed_extensions;
  if (allowed.length === 0) return;
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === undefined || !allowed.includes(extension)) {
    throw new BadRequestError(`Invalid file type: ${fileName} is not one of the allowed types (${allowed.join(', ')})`);
  }
}

/** The scheme must be http or https, http assumed when absent (docs/canvas-compatibility.md §8.6). */
function httpUrl(raw: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw ValidationError.field('url', 'is not a valid URL', 'invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw ValidationError.field('url', 'must be http or https', 'invalid');
  return url.href;
}
