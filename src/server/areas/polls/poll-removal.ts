import type { CoreServices } from '../../core-services.ts';
import type { PollSubmissionData, PollWorkflowState } from '../../domain/records/poll-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Repository, type Stored, type WriteStamp } from '../../domain/repository.ts';

type SoftDeletable = { workflow_state: PollWorkflowState };

/** The soft deletes of records of one type as planned writes, to go into one `writeTogether`. */
export function deletions<T extends SoftDeletable>(repo: Repository<T>, records: readonly Stored<T>[], stamp: WriteStamp): PlannedWrite[] {
  return repo.replacements(
    records.map((read) => ({ read, data: { ...read.data, workflow_state: 'deleted' } })),
    stamp,
  );
}

/**
 * Canvas destroys a poll's sessions and answers with it (and a session's or choice's answers with them). The
 * parent's own delete is the commit point: every read goes through an active parent, so answers left behind by
 * an interrupted cascade are already unreachable; this only tidies them for sync.
 */
export async function deleteSubmissions(
  services: CoreServices,
  // A session's answers by their parent slot (an index range); a poll's or a choice's have no slot of their own.
  selector: { parent_id: number } | Partial<Record<'data.poll_id' | 'data.poll_choice_id', number>>,
  stamp: WriteStamp,
): Promise<void> {
  const repo = services.repos.pollSubmissions;
  await retryStale(async () => {
    const live: Stored<PollSubmissionData>[] = await repo.find({ ...selector, 'data.workflow_state': 'active' });
    await writeTogether(deletions(repo, live, stamp));
  });
}
