import type { CoreServices } from '../../core-services.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { ContentViewer } from '../common/course-content.ts';
import { ContentLocks } from '../../domain/progression/content-locks.ts';
import { assignmentSubmissionStats } from '../submissions/assignment-stats.ts';
import type { AssignmentExtras, AssignmentInclude } from './assignments.serializer.ts';
import { ownSubmissionsJson } from './own-submissions.ts';

/**
 * Everything the JSON of the assignments shown needs besides the records (submission stats, the viewer's locks, the
 * caller's own submissions), read once for the whole answer — for the assignments API and for assignment groups'
 * `include[]=assignments` alike, so both print the same Assignment JSON.
 */
export async function assignmentExtras(
  services: CoreServices,
  viewer: ContentViewer,
  shown: readonly Stored<AssignmentData>[],
  include: readonly AssignmentInclude[],
  request: { baseUrl: string; stamp: WriteStamp },
): Promise<(assignmentId: number) => AssignmentExtras> {
  const { baseUrl, stamp } = request;
  const [stats, locks, submissions] = await Promise.all([
    assignmentSubmissionStats(services, viewer.principal, viewer.courseId, shown.map((a) => a.id)),
    ContentLocks.load(services.repos, viewer.principal.userId, viewer.courseId, viewer.canManage, stamp),
    include.includes('submission') ? ownSubmissionsJson(services, viewer, shown, { baseUrl, stamp }) : undefined,
  ]);
  return (id) => ({ stats: stats.get(id), locks, ...(submissions ? { submissions } : {}) });
}
