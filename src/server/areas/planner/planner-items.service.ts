import type { CoreServices } from '../../core-services.ts';
import type { Principal } from '../../domain/principal.ts';
import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import type { PlannerOverrideData } from '../../domain/records/planner-records.ts';
import { isShownComment } from '../../domain/records/submission-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { ReadStates, topicActivity, topicReadState } from '../discussion-topics/discussion-thread.ts';
import { type PlannerCourse, type Plannables } from './plannables.ts';
import { coversNote, plannerContexts, type PlannerContexts } from './planner-contexts.ts';
import { inWindow, itemsWindow, type TimeWindow } from './planner-dates.ts';
import { topicShownTo } from '../../domain/topic-visibility.ts';
import { announcementEntry, assignmentEntry, noteEntry, pageEntry, quizEntry, reviewEntry } from './planner-entries.ts';
import { plannerSubject } from './planner-subject.ts';
import type { PlannerItemsParams } from './planner.params.ts';
import { plannerItemJson, type PlannerEntry } from './planner.serializer.ts';

type Courses = ReadonlyMap<number, PlannerCourse>;
type Override = Stored<PlannerOverrideData>;

const byDate = (a: PlannerEntry, b: PlannerEntry) => Date.parse(a.date) - Date.parse(b.date) || a.type.localeCompare(b.type) || a.id - b.id;

/**
 * Whether an item is done on the planner (the `complete_items` / `incomplete_items` filters): the user's override
 * decides when there is one, otherwise the user's submission does (submitted, graded or excused).
 */
function isComplete(entry: PlannerEntry, override: Override | undefined): boolean {
  if (override) return override.data.marked_complete;
  const s = entry.submission;
  return s !== undefined && (s.submitted || s.graded || s.excused);
}

/**
 * A user's planner (docs/canvas-compatibility.md §9): published content of their current courses dated inside the
 * window, their own notes and the peer reviews they have to do, each with their override. The user is the caller,
 * or a student they observe (`observed_user_id`). Filters: `new_activity` keeps unread announcements and items with
 * unread feedback; the two `*ungraded_todo_items` keep pages with to-do dates; `complete_items` and
 * `incomplete_items` split by `isComplete`.
 */
export class PlannerItemsService {
  readonly #services: CoreServices;
  readonly #plannables: Plannables;

  constructor(services: CoreServices, plannables: Plannables) {
    this.#services = services;
    this.#plannables = plannables;
  }

  async list(principal: Principal, p: PlannerItemsParams, now: number): Promise<Record<string, unknown>[]> {
    const window = itemsWindow(p, now);
    const { userId, contexts } = await plannerSubject(this.#services, principal, p.observed_user_id, await plannerContexts(this.#services, principal, p.context_codes));
    const current = await this.#plannables.courses(userId, now);
    const courses = new Map([...current].filter(([id]) => contexts === null || contexts.courseIds.has(id)));
    const ids = [...courses.keys()];
    const todoOnly = p.filter === 'ungraded_todo_items' || p.filter === 'all_ungraded_todo_items';
    const groups = todoOnly
      ? [this.#pages(ids, window)]
      : [
          this.#assignments(userId, courses, window, now),
          this.#ungradedQuizzes(ids, window),
          this.#announcements(userId, ids, window, now),
          this.#pages(ids, window),
          this.#notes(userId, contexts, window),
          this.#reviews(userId, ids, window),
        ];
    const overrides = await this.#overrides(userId);
    const overrideOf = (e: PlannerEntry) => overrides.get(`${e.type}:${e.id}`);
    const entries = (await Promise.all(groups)).flat().filter((e) => {
      if (p.filter === 'new_activity') return e.newActivity;
      if (p.filter === 'complete_items') return isComplete(e, overrideOf(e));
      if (p.filter === 'incomplete_items') return !isComplete(e, overrideOf(e));
      return true;
    });
    const names = new Map([...courses].map(([id, c]) => [id, c.name]));
    return entries.sort(byDate).map((e) => plannerItemJson(e, overrideOf(e), names));
  }

  async #assignments(userId: number, courses: Courses, window: TimeWindow, now: number): Promise<PlannerEntry[]> {
    const { repos } = this.#services;
    const assignments = (await repos.assignments.find({ course_id: { $in: [...courses.keys()] } })).filter(
      (a) => a.data.workflow_state === 'published' && inWindow(a.data.due_at, window),
    );
    const [quizzes, topics, submissions] = await Promise.all([
      repos.quizzes.getMany(assignments.flatMap((a) => a.data.quiz_id ?? [])),
      repos.discussionTopics.getMany(assignments.flatMap((a) => a.data.discussion_topic_id ?? [])),
      repos.submissions.find({ user_id: userId, parent_id: { $in: assignments.map((a) => a.id) } }),
    ]);
    const submissionIds = submissions.map((s) => s.id);
    const [comments, reads] = await Promise.all([
      repos.submissionComments.find({ parent_id: { $in: submissionIds } }),
      repos.submissionReads.find({ user_id: userId, parent_id: { $in: submissionIds } }),
    ]);
    return assignments.map((a) => {
      const submission = submissions.find((s) => s.data.assignment_id === a.id);
      const work = {
        userId,
        student: courses.get(a.data.course_id)?.student ?? false,
        submission,
        comments: submission ? comments.filter((c) => c.data.submission_id === submission.id && isShownComment(c.data)) : [],
        read: submission ? reads.find((r) => r.data.submission_id === submission.id) : undefined,
      };
      const linked = { quiz: a.data.quiz_id === null ? undefined : quizzes.get(a.data.quiz_id), topic: a.data.discussion_topic_id === null ? undefined : topics.get(a.data.discussion_topic_id) };
      return assignmentEntry(a, linked, work, now);
    });
  }

  /** Graded quizzes come with their assignment; practice quizzes and surveys on their own. */
  async #ungradedQuizzes(courseIds: number[], window: TimeWindow): Promise<PlannerEntry[]> {
    const quizzes = await this.#services.repos.quizzes.find({ course_id: { $in: courseIds } });
    return quizzes.filter((q) => q.data.workflow_state === 'published' && q.data.assignment_id === null && inWindow(q.data.due_at, window)).map(quizEntry);
  }

  /**
   * Announcements posted for the user (delayed ones once their time has come, section-specific ones for their
   * sections: domain/topic-visibility.ts); new activity while the user has not read one or one of its replies.
   */
  async #announcements(userId: number, courseIds: number[], window: TimeWindow, now: number): Promise<PlannerEntry[]> {
    const { repos } = this.#services;
    const [topics, enrollments] = await Promise.all([repos.discussionTopics.find({ course_id: { $in: courseIds } }), repos.enrollments.find({ user_id: userId })]);
    const sectionIds = new Set(enrollments.filter((e) => e.data.workflow_state === 'active').map((e) => e.data.course_section_id));
    const posted = topics.filter(
      (t) =>
        t.data.is_announcement &&
        topicShownTo(t.data, { now, sectionIds }) &&
        t.data.posted_at !== null &&
        Date.parse(t.data.posted_at) <= now &&
        inWindow(t.data.posted_at, window),
    );
    const topicIds = posted.map((t) => t.id);
    const [topicReads, entries, entryReads] = await Promise.all([
      repos.discussionTopicParticipants.find({ user_id: userId, parent_id: { $in: topicIds } }),
      repos.discussionEntries.find({ parent_id: { $in: topicIds } }),
      repos.discussionEntryParticipants.find({ user_id: userId, parent_id: { $in: topicIds } }),
    ]);
    const reads = new ReadStates(userId, entryReads);
    const unread = (t: Stored<DiscussionTopicData>) =>
      topicReadState(t, userId, topicReads.find((r) => r.data.topic_id === t.id)) === 'unread' ||
      topicActivity(entries.filter((e) => e.data.topic_id === t.id), reads).unreadCount > 0;
    return posted.map((t) => announcementEntry(t, unread(t)));
  }

  async #pages(courseIds: number[], window: TimeWindow): Promise<PlannerEntry[]> {
    const pages = await this.#services.repos.wikiPages.find({ course_id: { $in: courseIds } });
    return pages.filter((pg) => pg.data.context_type === 'Course' && pg.data.workflow_state === 'active' && inWindow(pg.data.todo_date, window)).map(pageEntry);
  }

  async #notes(userId: number, contexts: PlannerContexts | null, window: TimeWindow): Promise<PlannerEntry[]> {
    const notes = await this.#services.repos.plannerNotes.find({ user_id: userId });
    return notes.filter((n) => n.data.workflow_state === 'active' && inWindow(n.data.todo_date, window) && coversNote(contexts, n.data.course_id)).map(noteEntry);
  }

  /** Reviews assigned to the caller (not yet done), dated by the reviewed assignment's due date. */
  async #reviews(userId: number, courseIds: number[], window: TimeWindow): Promise<PlannerEntry[]> {
    const { repos } = this.#services;
    const reviews = (await repos.peerReviews.find({ course_id: { $in: courseIds } })).filter(
      (r) => r.data.assessor_id === userId && r.data.workflow_state === 'assigned',
    );
    const assignments = await repos.assignments.getMany([...new Set(reviews.map((r) => r.data.assignment_id))]);
    return reviews.flatMap((r) => {
      const a = assignments.get(r.data.assignment_id);
      return a && a.data.workflow_state === 'published' && inWindow(a.data.due_at, window) ? [reviewEntry(r, a)] : [];
    });
  }

  async #overrides(userId: number): Promise<Map<string, Override>> {
    const all = await this.#services.repos.plannerOverrides.find({ user_id: userId });
    return new Map(all.filter((o) => o.data.workflow_state === 'active').map((o) => [`${o.data.plannable_type}:${o.data.plannable_id}`, o]));
  }
}
