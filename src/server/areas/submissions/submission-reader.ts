import type { CoreServices } from '../../core-services.ts';
import { commentShown, isUnposted, UNPOSTED_READERS } from '../../domain/grading/posting-policy.ts';
import type { SubmissionCommentData, SubmissionData } from '../../domain/records/submission-records.ts';
import type { Stored } from '../../domain/repository.ts';
import type { ContentViewer } from '../common/course-content.ts';
import type { SubmissionInclude } from './submissions.params.ts';
import { submissionJson, type SerializeContext, type SubmissionView } from './submissions.serializer.ts';
import type { StoredAssignment } from './submission-store.ts';
import { mediaFileIds } from './media-recordings.ts';

/**
 * Loads what a page of submissions shows — comments, history, files, people, read marks — in a few queries for the
 * whole page, and serializes it.
 */
export class SubmissionReader {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async json(
    records: readonly Stored<SubmissionData>[],
    assignments: ReadonlyMap<number, StoredAssignment>,
    request: { baseUrl: string; now: number; viewer: ContentViewer; include: readonly SubmissionInclude[]; fields?: readonly string[] | undefined },
    always: readonly SubmissionInclude[] = [],
  ): Promise<Record<string, unknown>[]> {
    const { repos } = this.#services;
    const include = new Set([...request.include, ...always]);
    const ids = records.map((r) => r.id);
    const viewerId = request.viewer.principal.userId;
    // Comments show only as `submission_comments` and decide only the default `read_status`: a list without
    // either (the gradebook's 2,500 submissions a call) does not read them.
    const needsComments = include.has('submission_comments') || include.has('read_status');
    const [stored, versions, reads, seesUnposted] = await Promise.all([
      needsComments ? repos.submissionComments.find({ parent_id: { $in: ids } }) : Promise.resolve([]),
      include.has('submission_history') ? repos.submissionVersions.find({ parent_id: { $in: ids } }) : Promise.resolve([]),
      include.has('read_status') ? repos.submissionReads.find({ parent_id: { $in: ids }, user_id: viewerId }) : Promise.resolve([]),
      this.#services.access.canAny(request.viewer.principal, UNPOSTED_READERS, { type: 'course', courseId: request.viewer.courseId }),
    ]);
    const student = new Map(records.map((r) => [r.id, r.data.user_id]));
    // Before posting, the student's own comments are all that is shown of the conversation on their work.
    const isShown = (c: Stored<SubmissionCommentData>) => commentShown(c.data, student.get(c.data.submission_id) ?? 0, !seesUnposted, assignments.get(c.data.assignment_id)?.data);
    const comments = stored.filter(isShown);
    const userIds = new Set([...records.map((r) => r.data.user_id), ...comments.map((c) => c.data.author_id)]);
    // The history's attempts show their own files and recordings, not only the latest attempt's.
    const attempts = [...records.map((r) => r.data), ...versions.map((v) => v.data)];
    const fileIds = [...attempts.flatMap((a) => a.attachment_ids), ...mediaFileIds(attempts), ...comments.flatMap((c) => c.data.attachment_ids)];
    const [users, files, course] = await Promise.all([
      repos.users.getMany([...userIds]),
      repos.files.getMany([...new Set(fileIds)]),
      include.has('course') ? repos.courses.get(request.viewer.courseId) : Promise.resolve(undefined),
    ]);
    const { fields, ...shown } = request;
    const ctx: SerializeContext = { ...shown, users, files, hidesUnposted: !seesUnposted, ...(course ? { course } : {}), ...(fields ? { fields: new Set(fields) } : {}) };
    const shownGrade = (record: Stored<SubmissionData>) => {
      const assignment = assignments.get(record.data.assignment_id);
      const posted = seesUnposted || assignment === undefined || !isUnposted(assignment.data);
      return posted && (record.data.score !== null || record.data.grade !== null);
    };
    return records.map((record) => {
      const own = comments.filter((c) => c.data.submission_id === record.id);
      const mark = reads.find((r) => r.data.submission_id === record.id);
      const view: SubmissionView = {
        record,
        assignment: assignments.get(record.data.assignment_id)!,
        comments: own,
        versions: versions.filter((v) => v.data.submission_id === record.id),
        // Canvas's default: unread for the student once someone else graded or commented.
        read: mark ? mark.data.read : !(viewerId === record.data.user_id && (shownGrade(record) || own.some((c) => c.data.author_id !== viewerId))),
      };
      return submissionJson(view, ctx, always);
    });
  }
}
