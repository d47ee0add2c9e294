import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { PollChoiceData } from '../../domain/records/poll-records.ts';
import { retryStale, writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import type { Poll, PollAccess, PollViewer } from './poll-access.ts';
import { deleteSubmissions, deletions } from './poll-removal.ts';
import type { ChoiceFields } from './polls.params.ts';
import { choiceJson } from './polls.serializer.ts';
import { firstOf } from './polls.service.ts';

export type PollChoice = Stored<PollChoiceData>;

const blankText = () => ValidationError.field('text', "can't be blank", 'blank');
const isBlank = (text: string | null) => text === null || text.trim() === '';

/** A poll's choices, in position order; managed by whoever manages the poll. */
export class PollChoicesService {
  readonly #services: CoreServices;
  readonly #access: PollAccess;

  constructor(services: CoreServices, access: PollAccess) {
    this.#services = services;
    this.#access = access;
  }

  list(poll: Poll): Promise<PollChoice[]> {
    return this.#services.repos.pollChoices.find({ parent_id: poll.id, 'data.workflow_state': 'active' }, [{ sort_key: 'asc' }]);
  }

  async get(poll: Poll, id: number): Promise<PollChoice> {
    const choice = await this.#services.repos.pollChoices.get(id);
    if (!choice || choice.data.poll_id !== poll.id || choice.data.workflow_state !== 'active') throw new NotFoundError('poll choice');
    return choice;
  }

  /** A new choice goes after the others unless it names a position; is_correct defaults to false. */
  async create(poll: Poll, list: readonly ChoiceFields[] | undefined, stamp: WriteStamp): Promise<PollChoice> {
    const fields = firstOf(list, 'poll_choices');
    const text = fields.text ?? '';
    if (isBlank(text)) throw blankText();
    const last = (await this.list(poll)).reduce((max, c) => Math.max(max, c.data.position), 0);
    const data: PollChoiceData = {
      poll_id: poll.id,
      text,
      is_correct: fields.is_correct ?? false,
      position: fields.position ?? last + 1,
      workflow_state: 'active',
      created_at: new Date(stamp.now).toISOString(),
    };
    return this.#services.repos.pollChoices.create(data, stamp);
  }

  /** Fields the body leaves out keep their values (Canvas keeps is_correct when it is blank). */
  async update(choice: PollChoice, list: readonly ChoiceFields[] | undefined, stamp: WriteStamp): Promise<PollChoice> {
    const fields = firstOf(list, 'poll_choices');
    const text = fields.text;
    if (text !== undefined && isBlank(text)) throw blankText();
    const updated = await this.#services.repos.pollChoices.update(choice.id, stamp, (current) => ({
      ...current,
      text: text ?? current.text,
      is_correct: fields.is_correct ?? current.is_correct,
      position: fields.position ?? current.position,
    }));
    return updated ?? choice;
  }

  /** The choice, then the answers that chose it (Canvas destroys them with it). */
  async delete(choice: PollChoice, stamp: WriteStamp): Promise<void> {
    const repo = this.#services.repos.pollChoices;
    await retryStale(async () => {
      const current = await repo.get(choice.id);
      if (current?.data.workflow_state === 'active') await writeTogether(deletions(repo, [current], stamp));
    });
    await deleteSubmissions(this.#services, { poll: choice.data.poll_id, choice: choice.id }, stamp);
  }

  async json(viewer: PollViewer, poll: Poll, choices: readonly PollChoice[]): Promise<Record<string, unknown>[]> {
    const showCorrect = (await this.#access.manages(viewer, poll)) || (await this.#answeredClosed(viewer, poll));
    return choices.map((choice) => choiceJson(choice, showCorrect));
  }

  /** Canvas's `closed_and_viewable_for?`: the viewer answered in a session of the poll that has since closed. */
  async #answeredClosed(viewer: PollViewer, poll: Poll): Promise<boolean> {
    const answers = await this.#services.repos.pollSubmissions.find({ user_id: viewer.userId, 'data.poll_id': poll.id, 'data.workflow_state': 'active' });
    if (answers.length === 0) return false;
    const answered = new Set(answers.map((a) => a.data.poll_session_id));
    const sessions = await this.#access.sessionsOf(poll.id);
    return sessions.some((s) => answered.has(s.id) && !s.data.is_published && viewer.takesPart(s.data));
  }
}
