/**
 * Assignment groups and each student's computed course totals. A group is course structure, so it lives in the
 * `course` collection; a student's totals live in `course_user` beside their submissions, so the write that
 * changes a grade can change the totals in the same transaction (docs/decisions/0038-course-totals.md).
 */

/** Canvas's group rules; a key is present only when it was set, as Canvas echoes them. */
export interface AssignmentGroupRules {
  drop_lowest?: number;
  drop_highest?: number;
  never_drop?: number[];
}

export interface AssignmentGroupData {
  course_id: number;
  name: string;
  position: number;
  /** Percent of the course total, used when the course applies group weights. */
  group_weight: number;
  rules: AssignmentGroupRules;
  /** A delete is a soft delete, so sync replicates it and ids are never reused. */
  workflow_state: 'available' | 'deleted';
}

/** One student's totals in one course (Canvas's Score of their enrollments), percentages or null. */
export interface CourseScoreData {
  course_id: number;
  /** The student. */
  user_id: number;
  /** Posted grades only: what the student may see. */
  current_score: number | null;
  final_score: number | null;
  /** Every grade: what the course's graders see. */
  unposted_current_score: number | null;
  unposted_final_score: number | null;
  /**
   * A digest of the grading structure the scores were computed from (groups, weights, counted assignments): a
   * reader whose course has changed since recomputes instead of trusting them.
   */
  basis: string;
}

/** The lookup slot of a student's totals: one record per course and student. */
export const courseScoreKey = (courseId: number, userId: number): string => `course_score:${courseId}:${userId}`;
