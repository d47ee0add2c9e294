import type { Repositories } from '../domain/repositories.ts';

/**
 * Which polls, choices and answers a device's user reads over the poll API (areas/polls/poll-access.ts). A poll
 * is the author's, outside any course, so only its sessions (course records) say who else reads it.
 */
export interface PollsInScope {
  /**
   * Polls the user reads, by id, and whether their choices show `is_correct` to them: the author and managers of a
   * course a session runs in always; a participant once a session they answered has closed.
   */
  readonly shown: ReadonlyMap<number, boolean>;
  /** Sessions the user takes part in whose results are public: everyone's answers are shown there. */
  readonly publicSessions: ReadonlySet<number>;
}

/** A course of the scope as polls see it: the user's active sections there, and whether they manage its content. */
export interface PollCourse {
  readonly courseId: number;
  readonly sectionIds: ReadonlySet<number>;
  readonly managesContent: boolean;
}

export async function pollsInScope(repos: Repositories, userId: number, courses: readonly PollCourse[]): Promise<PollsInScope> {
  const shown = new Map<number, boolean>();
  const show = (pollId: number, correct: boolean) => shown.set(pollId, correct || shown.get(pollId) === true);
  for (const poll of await repos.polls.find({ user_id: userId })) show(poll.id, true);
  const byCourse = new Map(courses.map((course) => [course.courseId, course]));
  const sessions = byCourse.size === 0 ? [] : await repos.pollSessions.find({ course_id: { $in: [...byCourse.keys()] }, 'data.workflow_state': 'active' });
  const answered = new Set((await repos.pollSubmissions.find({ user_id: userId, 'data.workflow_state': 'active' })).map((a) => a.data.poll_session_id));
  const publicSessions = new Set<number>();
  for (const session of sessions) {
    const course = byCourse.get(session.data.course_id)!;
    const { course_section_id: section, is_published: open, has_public_results: isPublic, poll_id: pollId } = session.data;
    const takesPart = section === null || course.sectionIds.has(section);
    if (course.managesContent) show(pollId, true);
    else if (takesPart) show(pollId, !open && answered.has(session.id));
    if (takesPart && isPublic) publicSessions.add(session.id);
  }
  return { shown, publicSessions };
}
