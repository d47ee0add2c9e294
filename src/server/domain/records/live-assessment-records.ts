/**
 * Shapes of live assessments (beta): a course's pass/fail check (`course` collection) and the results recorded
 * for its students (`course_user`, partitioned by the assessed user).
 */

export interface LiveAssessmentData {
  course_id: number;
  /** Client-chosen, unique per course: creating with a known key finds the existing assessment. */
  key: string;
  title: string;
  created_at: string;
}

export interface LiveAssessmentResultData {
  assessment_id: number;
  course_id: number;
  /** The assessed user. */
  user_id: number;
  assessor_id: number;
  passed: boolean;
  /** ISO 8601 UTC. */
  assessed_at: string;
  created_at: string;
}
