import type { CoreServices } from '../../core-services.ts';
import type { SubmissionData } from '../../domain/records/submission-records.ts';
import type { Stored } from '../../domain/repository.ts';
import type { ContentViewer } from '../common/course-content.ts';
import type { SubmissionInclude } from './submissions.params.ts';
import { submissionJson, type SerializeContext, type SubmissionView } from './submissions.serializer.ts';
import type { StoredAssignment } from './submission-store.ts';

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
    request: { baseUrl: string; now: number; viewer: ContentViewer; include: readonly SubmissionInclude[] },
    always: readonly SubmissionInclude[] = [],
  ): Promise<Record<string, unknown>[]> {
    const { repos } = this.#services;
    const include = new Set([...request.include, ...always]);
    const ids = records.map((r) => r.id);
    const viewerId = request.viewer.principal.userId;
    const [comments, versions, reads] = await Promise.all([
      repos.submissionComments.find({ parent_id: { $in: ids } }),
      include.has('submission_history') ? repos.submissionVersions.find({ parent_id: { $in: ids } }) : Promise.resolve([]),
      include.has('read_status') ? repos.submissionReads.find({ parent_id: { $in: ids }, user_id: viewerId }) : Promise.resolve([]),
    ]);
    const userIds = new Set([...records.map((r) => r.data.user_id), ...comments.map((c) => c.data.author_id)]);
    const fileIds = [...records.flatMap((r) => r.data.attachment_ids), ...comments.flatMap((c) => c.data.attachment_ids)];
    const [users, files, course] = await Promise.all([
      repos.users.getMany([...userIds]),
      repos.files.getMany([...new Set(fileIds)]),
      include.has('course') ? repos.courses.get(request.viewer.courseId) : Promise.resolve(undefined),
    ]);
    const ctx: SerializeContext = { ...request, users, files, ...(course ? { course } : {}) };
    return records.map((record) => {
      const own = comments.filter((c) => c.data.submission_id === record.id);
      const mark = reads.find((r) => r.data.submission_id === record.id);
      const view: SubmissionView = {
        record,
        assignment: assignments.get(record.data.assignment_id)!,
        comments: own,
        versions: versions.filter((v) => v.data.submission_id === record.id),
        // Canvas's default: unread for the student once someone else graded or commented.
        read: mark ? mark.data.read : !(viewerId === record.data.user_id && (record.data.score !== null || record.data.grade !== null || own.some((c) => c.data.author_id !== viewerId))),
      };
      return submissionJson(view, ctx, always);
    });
  }
}
