import type { AssignmentData, DiscussionTopicData, QuizData } from '../../domain/records/content-records.ts';
import type { WikiPageData } from '../../domain/records/page-records.ts';
import type { PeerReviewData } from '../../domain/records/peer-review-records.ts';
import type { PlannerNoteData } from '../../domain/records/planner-records.ts';
import type { SubmissionCommentData, SubmissionData, SubmissionReadData } from '../../domain/records/submission-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { computed, placeholder } from '../submissions/submission-workflow.ts';
import { needsGrading } from '../../domain/records/submission-records.ts';
import { plannerNoteJson, type PlannerEntry, type SubmissionStatus } from './planner.serializer.ts';

/**
 * One planner entry per kind of plannable (docs/canvas-compatibility.md §9): what it is dated by, the short `plannable` object and the
 * page it opens. Paths are relative, as Canvas's planner prints them.
 */

const stamps = (r: Stored<object>) => ({ created_at: isoSeconds(r.created_at), updated_at: isoSeconds(r.updated_at) });

/** What the caller's own work on an assignment looks like, loaded once for all the page's assignments. */
export interface OwnWork {
  readonly userId: number;
  /** Whether the caller is a student of the assignment's course: only then can their work be missing or late. */
  readonly student: boolean;
  readonly submission: Stored<SubmissionData> | undefined;
  readonly comments: readonly Stored<SubmissionCommentData>[];
  readonly read: Stored<SubmissionReadData> | undefined;
}

/**
 * An assignment as the planner shows it: as its quiz or discussion topic when it grades one (Canvas plans the
 * underlying object), with the caller's submission status.
 */
export function assignmentEntry(
  assignment: Stored<AssignmentData>,
  linked: { quiz?: Stored<QuizData> | undefined; topic?: Stored<DiscussionTopicData> | undefined },
  work: OwnWork,
  now: number,
): PlannerEntry {
  const a = assignment.data;
  const s = work.submission?.data ?? placeholder(assignment, work.userId);
  const feedback = work.comments.some((c) => c.data.author_id !== work.userId);
  const tardiness = computed(s, a, now);
  const submission: SubmissionStatus = {
    submitted: s.submitted_at !== null,
    excused: s.excused,
    graded: s.workflow_state === 'graded' && !s.excused,
    late: work.student && tardiness.late,
    missing: work.student && tardiness.missing,
    needs_grading: needsGrading(s),
    with_feedback: feedback,
    has_feedback: feedback,
  };
  // New activity: a grade or someone else's comment the caller has not read (the submission read default).
  const unreadDefault = work.submission !== undefined && (s.score !== null || s.grade !== null || feedback);
  const newActivity = work.student && (work.read ? !work.read.data.read : unreadDefault);
  const common = { courseId: a.course_id, date: a.due_at!, submission, newActivity };
  if (linked.quiz) {
    const q = linked.quiz;
    return {
      ...common,
      type: 'quiz',
      id: q.id,
      plannable: { id: q.id, title: q.data.title, due_at: q.data.due_at, points_possible: q.data.points_possible, assignment_id: assignment.id, ...stamps(q) },
      htmlUrl: `/courses/${a.course_id}/quizzes/${q.id}`,
    };
  }
  if (linked.topic) {
    const t = linked.topic;
    return {
      ...common,
      type: 'discussion_topic',
      id: t.id,
      plannable: { id: t.id, title: t.data.title, assignment_id: assignment.id, ...stamps(t) },
      htmlUrl: `/courses/${a.course_id}/discussion_topics/${t.id}`,
    };
  }
  return {
    ...common,
    type: 'assignment',
    id: assignment.id,
    plannable: { id: assignment.id, title: a.name, due_at: a.due_at, points_possible: a.points_possible, ...stamps(assignment) },
    htmlUrl: `/courses/${a.course_id}/assignments/${assignment.id}`,
  };
}

/** An ungraded (practice or survey) quiz, dated by its due date. */
export function quizEntry(quiz: Stored<QuizData>): PlannerEntry {
  const q = quiz.data;
  return {
    type: 'quiz',
    id: quiz.id,
    courseId: q.course_id,
    date: q.due_at!,
    plannable: { id: quiz.id, title: q.title, due_at: q.due_at, points_possible: q.points_possible, assignment_id: null, ...stamps(quiz) },
    htmlUrl: `/courses/${q.course_id}/quizzes/${quiz.id}`,
    newActivity: false,
  };
}

/** An announcement, dated by its posting; `unread` while the user has not read it or one of its replies. */
export function announcementEntry(topic: Stored<DiscussionTopicData>, unread: boolean): PlannerEntry {
  const t = topic.data;
  return {
    type: 'announcement',
    id: topic.id,
    courseId: t.course_id,
    date: t.posted_at!,
    plannable: { id: topic.id, title: t.title, posted_at: t.posted_at, ...stamps(topic) },
    htmlUrl: `/courses/${t.course_id}/discussion_topics/${topic.id}`,
    newActivity: unread,
  };
}

/** A course page with a to-do date. */
export function pageEntry(page: Stored<WikiPageData>): PlannerEntry {
  const p = page.data;
  return {
    type: 'wiki_page',
    id: page.id,
    courseId: p.context_id,
    date: p.todo_date!,
    plannable: { id: page.id, page_id: page.id, title: p.title, url: p.url, todo_date: p.todo_date, ...stamps(page) },
    htmlUrl: `/courses/${p.context_id}/pages/${p.url}`,
    newActivity: false,
  };
}

export function noteEntry(note: Stored<PlannerNoteData>): PlannerEntry {
  return {
    type: 'planner_note',
    id: note.id,
    courseId: note.data.course_id,
    date: note.data.todo_date,
    plannable: plannerNoteJson(note),
    htmlUrl: `/api/v1/planner_notes/${note.id}`,
    newActivity: false,
  };
}

/** A peer review the caller has to do, dated by the reviewed assignment's due date. */
export function reviewEntry(review: Stored<PeerReviewData>, assignment: Stored<AssignmentData>): PlannerEntry {
  const r = review.data;
  return {
    type: 'assessment_request',
    id: review.id,
    courseId: r.course_id,
    date: assignment.data.due_at!,
    plannable: { id: review.id, title: assignment.data.name, workflow_state: r.workflow_state, assignment_id: r.assignment_id, ...stamps(review) },
    htmlUrl: `/courses/${r.course_id}/assignments/${r.assignment_id}/submissions/${r.user_id}`,
    newActivity: false,
  };
}
