import type { CoreServices } from '../../core-services.ts';
import { ParamMissingError, ValidationError } from '../../domain/errors.ts';
import type { PollData } from '../../domain/records/poll-records.ts';
import { retryStale, writeTogether, type WriteStamp } from '../../domain/repository.ts';
import { PollAccess, type Poll, type PollViewer } from './poll-access.ts';
import { deleteSubmissions, deletions } from './poll-removal.ts';
import type { PollFields } from './polls.params.ts';
import { countByChoice, pollJson, type ResultCounts } from './polls.serializer.ts';

const isBlank = (text: string | null | undefined) => text === undefined || text === null || text.trim() === '';

/** Canvas reads the first element of the `polls` list; without one it is `params.require(:polls)` failing. */
export function firstOf<T>(list: readonly T[] | undefined, param: string): T {
  const first = list?.[0];
  if (first === undefined) throw new ParamMissingError(param);
  return first;
}

/** Polls themselves: create, update and delete by their author (docs/canvas-compatibility.md §11). */
export class PollsService {
  readonly access: PollAccess;
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
    this.access = new PollAccess(services);
  }

  /** The caller's own polls, newest first (Canvas orders them by created_at descending). */
  async listOwn(viewer: PollViewer): Promise<Poll[]> {
    return this.#services.repos.polls.find({ user_id: viewer.userId, 'data.workflow_state': 'active' }, [{ id: 'desc' }]);
  }

  async create(viewer: PollViewer, list: readonly PollFields[] | undefined, stamp: WriteStamp): Promise<Poll> {
    const fields = firstOf(list, 'polls');
    const question = fields.question ?? '';
    if (isBlank(question)) throw ValidationError.field('question', "can't be blank", 'blank');
    const data: PollData = {
      user_id: viewer.userId,
      question,
      description: fields.description ?? null,
      workflow_state: 'active',
      created_at: new Date(stamp.now).toISOString(),
    };
    return this.#services.repos.polls.create(data, stamp);
  }

  /** Fields the body leaves out keep their values; the question may not be blanked. */
  async update(poll: Poll, list: readonly PollFields[] | undefined, stamp: WriteStamp): Promise<Poll> {
    const fields = firstOf(list, 'polls');
    if (fields.question !== undefined && isBlank(fields.question)) throw ValidationError.field('question', "can't be blank", 'blank');
    const updated = await this.#services.repos.polls.update(poll.id, stamp, (current) => ({
      ...current,
      question: fields.question ?? current.question,
      description: fields.description === undefined ? current.description : fields.description,
    }));
    return updated ?? poll;
  }

  /** The poll and its choices in one transaction (the commit point), then its sessions and their answers. */
  async delete(poll: Poll, stamp: WriteStamp): Promise<void> {
    const { polls, pollChoices, pollSessions } = this.#services.repos;
    await retryStale(async () => {
      const current = await this.access.poll(poll.id);
      const choices = await pollChoices.find({ parent_id: poll.id, 'data.workflow_state': 'active' });
      await writeTogether([...deletions(polls, [current], stamp), ...deletions(pollChoices, choices, stamp)]);
    });
    await retryStale(async () => {
      const sessions = await pollSessions.find({ parent_id: poll.id, 'data.workflow_state': 'active' });
      await writeTogether(deletions(pollSessions, sessions, stamp));
    });
    await deleteSubmissions(this.#services, { poll: poll.id }, stamp);
  }

  /** choice id → answers over every live session of the poll. */
  async totals(poll: Poll): Promise<ResultCounts> {
    const sessionIds = (await this.access.sessionsOf(poll.id)).map((s) => s.id);
    // By session (the answers' parent slot): one index range per live session, not every answer of every poll.
    const answers = await this.#services.repos.pollSubmissions.find({ parent_id: { $in: sessionIds }, 'data.poll_id': poll.id, 'data.workflow_state': 'active' });
    return countByChoice(answers);
  }

  /** Polls as the viewer sees them: totals and author only for those who manage the poll. */
  async json(viewer: PollViewer, polls: readonly Poll[]): Promise<Record<string, unknown>[]> {
    return Promise.all(polls.map(async (poll) => pollJson(poll, (await this.access.manages(viewer, poll)) ? await this.totals(poll) : null)));
  }
}
