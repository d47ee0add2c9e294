import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { PollSubmissionData } from '../../domain/records/poll-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import type { Poll, PollAccess, PollSession, PollViewer } from './poll-access.ts';
import type { PollChoicesService } from './poll-choices.service.ts';
import type { SubmissionFields } from './polls.params.ts';
import { firstOf } from './polls.service.ts';

export type PollSubmission = Stored<PollSubmissionData>;

/** A student's answer to an open session: one per student and session. */
export class PollSubmissionsService {
  readonly #services: CoreServices;
  readonly #access: PollAccess;
  readonly #choices: PollChoicesService;
  readonly #queue = new KeyedQueue();

  constructor(services: CoreServices, access: PollAccess, choices: PollChoicesService) {
    this.#services = services;
    this.#access = access;
    this.#choices = choices;
  }

  /** An answer of the session, for its author or a manager of the poll (401 for anyone else). */
  async readable(viewer: PollViewer, poll: Poll, session: PollSession, id: number): Promise<PollSubmission> {
    const submission = await this.#services.repos.pollSubmissions.get(id);
    if (!submission || submission.data.poll_session_id !== session.id || submission.data.workflow_state !== 'active') {
      throw new NotFoundError('poll submission');
    }
    if (submission.data.user_id !== viewer.userId && !(await this.#access.manages(viewer, poll))) throw new UnauthorizedError();
    return submission;
  }

  /** The choice must be one of the poll's (404 otherwise, as Canvas finds it through the poll). */
  async create(viewer: PollViewer, poll: Poll, session: PollSession, list: readonly SubmissionFields[] | undefined, stamp: WriteStamp): Promise<PollSubmission> {
    const fields = firstOf(list, 'poll_submissions');
    if (fields.poll_choice_id === undefined) throw ValidationError.field('poll_choice_id', "can't be blank", 'blank');
    const choice = await this.#choices.get(poll, fields.poll_choice_id);
    const repo = this.#services.repos.pollSubmissions;
    const lookupKey = `poll_submission:${session.id}:${viewer.userId}`;
    // Serialized per student and session, so two racing answers cannot both pass the check.
    return this.#queue.run(lookupKey, async () => {
      const earlier = await repo.find({ lookup_key: lookupKey, 'data.workflow_state': 'active' });
      if (earlier.length > 0) throw ValidationError.field('user_id', 'can only submit one choice per poll session.', 'taken');
      const data: PollSubmissionData = {
        poll_id: poll.id,
        poll_session_id: session.id,
        poll_choice_id: choice.id,
        user_id: viewer.userId,
        course_id: session.data.course_id,
        workflow_state: 'active',
        created_at: new Date(stamp.now).toISOString(),
      };
      return repo.create(data, stamp);
    });
  }
}
