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

/** Whose answers go: one session's, or those over every session of a poll (only those choosing `choice`, when given). */
type AnswersOf = { session: number } | { poll: number; choice?: number };

/**
 * Canvas destroys a poll's sessions and answers with it (and a session's or choice's answers with them). The
 * parent's own delete is the commit point: every read goes through an active parent, so answers left behind by
 * an interrupted cascade are already unreachable; this only tidies them for sync. Answers are found by their
 * session (their parent slot): a poll's sessions in every state, so that those of a session deleted earlier by
 * an interrupted cascade go too, then one index range per session; the choice is checked within those.
 */
export async function deleteSubmissions(services: CoreServices, of: AnswersOf, stamp: WriteStamp): Promise<void> {
  const { pollSessions, pollSubmissions: repo } = services.repos;
  const sessionIds = 'session' in of ? [of.session] : (await pollSessions.find({ parent_id: of.poll })).map((s) => s.id);
  const choice = 'choice' in of && of.choice !== undefined ? { 'data.poll_choice_id': of.choice } : {};
  await retryStale(async () => {
    const live: Stored<PollSubmissionData>[] = await repo.find({ parent_id: { $in: sessionIds }, ...choice, 'data.workflow_state': 'active' });
    await writeTogether(deletions(repo, live, stamp));
  });
}
