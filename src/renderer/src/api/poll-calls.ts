import type { Poll, PollChoice, PollSession, PollSubmission } from '../../../contracts/poll-dtos.ts';
import type { Http } from './http.ts';

/** One poll session of a course with its poll's question and choices: what the Polls section shows. */
export interface CoursePoll {
  session: PollSession;
  poll: Poll;
  choices: PollChoice[];
}

/** Polls in a course: the sessions open (or closed) to the caller, the polls' questions and choices; answering, opening and closing. */
export function pollCalls(http: Http) {
  const sessions = (state: 'opened' | 'closed') => http.getAllWrapped<PollSession>('poll_sessions', `/api/v1/poll_sessions/${state}`);
  const pollOf = async (pollId: string) => (await http.getOne<{ polls: Poll[] }>(`/api/v1/polls/${pollId}`)).polls[0]!;
  const choicesOf = (pollId: string) => http.getAllWrapped<PollChoice>('poll_choices', `/api/v1/polls/${pollId}/poll_choices`);
  return {
    /**
     * The course's sessions the caller takes part in, open ones first. Canvas lists them across courses only, so
     * this keeps the course's own; each poll is read once however many sessions it has.
     */
    coursePolls: async (courseId: number): Promise<CoursePoll[]> => {
      const all = (await Promise.all([sessions('opened'), sessions('closed')])).flat();
      const here = all.filter((s) => s.course_id === String(courseId));
      const pollIds = [...new Set(here.map((s) => s.poll_id))];
      const polls = new Map(await Promise.all(pollIds.map(async (id) => [id, { poll: await pollOf(id), choices: await choicesOf(id) }] as const)));
      return here.map((session) => ({ session, ...polls.get(session.poll_id)! }));
    },
    /** Canvas opens and closes a session with a GET, a write all the same. */
    pollSessionOpened: (session: PollSession, open: boolean) =>
      http.getOne<unknown>(`/api/v1/polls/${session.poll_id}/poll_sessions/${session.id}/${open ? 'open' : 'close'}`),
    answerPoll: async (session: PollSession, choiceId: string) =>
      (
        await http.writeJson<{ poll_submissions: PollSubmission[] }>('POST', `/api/v1/polls/${session.poll_id}/poll_sessions/${session.id}/poll_submissions`, {
          poll_submissions: [{ poll_choice_id: choiceId }],
        })
      ).poll_submissions[0]!,
  };
}
