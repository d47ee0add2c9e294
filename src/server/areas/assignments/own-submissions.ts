import type { CoreServices } from '../../core-services.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { ContentViewer } from '../common/course-content.ts';
import { SubmissionReader } from '../submissions/submission-reader.ts';
import { SubmissionStore } from '../submissions/submission-store.ts';

/**
 * `include[]=submission`: the caller's own submission of each assignment, serialized as the submissions API does.
 * Canvas keeps a submission per student and assignment, so a student who has not submitted gets the unsubmitted
 * one (created here as the submissions area does); callers who are not students have none, and the key is left out.
 */
export async function ownSubmissionsJson(
  services: CoreServices,
  viewer: ContentViewer,
  assignments: readonly Stored<AssignmentData>[],
  request: { baseUrl: string; stamp: WriteStamp },
): Promise<Map<number, Record<string, unknown>>> {
  const userId = viewer.principal.userId;
  if (assignments.length === 0 || !(await progressionService(services.repos).participatesAsStudent(viewer.courseId, userId, request.stamp.now))) {
    return new Map();
  }
  const store = new SubmissionStore(services);
  const records = await Promise.all(assignments.map(async (a) => (await store.ensure(a, [userId], request.stamp)).get(userId)!));
  const json = await new SubmissionReader(services).json(records, new Map(assignments.map((a) => [a.id, a])), {
    baseUrl: request.baseUrl,
    now: request.stamp.now,
    viewer,
    include: [],
  });
  return new Map(records.map((r, i) => [r.data.assignment_id, json[i]!]));
}
