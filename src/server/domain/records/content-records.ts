/**
 * Shapes of the course content records (the `course` collection): what module items point at. Field names follow
 * Canvas's JSON so serializers stay allow-lists. Timestamps the API shows are ISO 8601 UTC strings, or null.
 */

export const GRADING_TYPES = ['pass_fail', 'percent', 'letter_grade', 'gpa_scale', 'points', 'not_graded'] as const;
export type GradingType = (typeof GRADING_TYPES)[number];

export const SUBMISSION_TYPES = [
  'online_quiz', 'none', 'on_paper', 'discussion_topic', 'external_tool', 'online_upload',
  'online_text_entry', 'online_url', 'media_recording', 'student_annotation',
] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

/** Canvas's draft state: content starts unpublished; a delete is a soft delete (ids stay unique and never reused). */
export type ContentWorkflowState = 'published' | 'unpublished' | 'deleted';

export interface AssignmentData {
  course_id: number;
  name: string;
  description: string | null;
  points_possible: number | null;
  grading_type: GradingType;
  submission_types: SubmissionType[];
  allowed_extensions: string[];
  /** Canvas's attempt limit: -1 is unlimited, as is a record saved before the field existed (absent). */
  allowed_attempts?: number;
  due_at: string | null;
  unlock_at: string | null;
  lock_at: string | null;
  peer_reviews: boolean;
  automatic_peer_reviews: boolean;
  peer_review_count: number;
  workflow_state: ContentWorkflowState;
  grading_standard_id: number | null;
  position: number;
  omit_from_final_grade: boolean;
  /**
   * Graders see the students unnamed, in a fixed shuffled order. Absent on assignments stored before the field
   * existed, which read as false.
   */
  anonymous_grading?: boolean;
  /** Set when the assignment is the graded side of a quiz or a discussion topic. */
  quiz_id: number | null;
  discussion_topic_id: number | null;
  /** Its assignment group; absent on assignments stored before groups existed, which count in the course's first. */
  assignment_group_id?: number | null;
  /** Grades not yet posted to students: hidden from their totals. Absent reads as false. */
  muted?: boolean;
}

/** -1 when unlimited (Canvas's value), as records saved before the limit existed are. */
export function attemptLimit(a: AssignmentData): number {
  return a.allowed_attempts ?? -1;
}

export const QUIZ_TYPES = ['practice_quiz', 'assignment', 'graded_survey', 'survey'] as const;
export type QuizType = (typeof QUIZ_TYPES)[number];

export interface QuizData {
  course_id: number;
  title: string;
  description: string | null;
  quiz_type: QuizType;
  points_possible: number | null;
  due_at: string | null;
  unlock_at: string | null;
  lock_at: string | null;
  time_limit: number | null;
  allowed_attempts: number;
  shuffle_answers: boolean;
  workflow_state: ContentWorkflowState;
  /** The assignment a graded quiz (quiz_type assignment or graded_survey) is graded through. */
  assignment_id: number | null;
  /**
   * Classic Quizzes' settings. Absent on quizzes stored before questions existed; `quizSettings` reads them with
   * Canvas's defaults.
   */
  scoring_policy?: ScoringPolicy;
  show_correct_answers?: boolean;
  show_correct_answers_at?: string | null;
  hide_correct_answers_at?: string | null;
  show_correct_answers_last_attempt?: boolean;
  one_question_at_a_time?: boolean;
  cant_go_back?: boolean;
  access_code?: string | null;
  hide_results?: HideResults | null;
  /** Kept with every question write: what an attempt draws (groups count their pick_count) and the types among them. */
  question_count?: number;
  question_types?: string[];
}

export const SCORING_POLICIES = ['keep_highest', 'keep_latest', 'keep_average'] as const;
export type ScoringPolicy = (typeof SCORING_POLICIES)[number];
/** `always` hides a student's results; `until_after_last_attempt` until they have no attempt left. */
export const HIDE_RESULTS = ['always', 'until_after_last_attempt'] as const;
export type HideResults = (typeof HIDE_RESULTS)[number];

export type QuizSettings = Required<Pick<QuizData, 'scoring_policy' | 'show_correct_answers' | 'show_correct_answers_at' | 'hide_correct_answers_at' | 'show_correct_answers_last_attempt' | 'one_question_at_a_time' | 'cant_go_back' | 'access_code' | 'hide_results'>>;

/** A quiz's settings with Canvas's defaults for those it was stored without. */
export function quizSettings(q: QuizData): QuizSettings {
  return {
    scoring_policy: q.scoring_policy ?? 'keep_highest',
    show_correct_answers: q.show_correct_answers ?? true,
    show_correct_answers_at: q.show_correct_answers_at ?? null,
    hide_correct_answers_at: q.hide_correct_answers_at ?? null,
    show_correct_answers_last_attempt: q.show_correct_answers_last_attempt ?? false,
    one_question_at_a_time: q.one_question_at_a_time ?? false,
    cant_go_back: q.cant_go_back ?? false,
    access_code: q.access_code ?? null,
    hide_results: q.hide_results ?? null,
  };
}

export const DISCUSSION_TYPES = ['side_comment', 'threaded', 'not_threaded'] as const;
export type DiscussionType = (typeof DISCUSSION_TYPES)[number];

export interface DiscussionTopicData {
  course_id: number;
  /** The author. */
  user_id: number;
  title: string;
  message: string | null;
  discussion_type: DiscussionType;
  pinned: boolean;
  locked: boolean;
  is_announcement: boolean;
  require_initial_post: boolean;
  delayed_post_at: string | null;
  lock_at: string | null;
  posted_at: string | null;
  workflow_state: ContentWorkflowState;
  /** The assignment a graded topic is graded through. */
  assignment_id: number | null;
  /** Members may like entries; absent on topics stored before ratings existed, which read as false. */
  allow_rating?: boolean;
  /** Only those who may grade may like entries. */
  only_graders_can_rate?: boolean;
  /** Clients list the most liked entries first. */
  sort_by_rating?: boolean;
  /**
   * The sections the topic is meant for (`specific_sections`); null or absent (topics stored before sections could
   * be chosen) for the whole course.
   */
  section_ids?: number[] | null;
}

/** A file's metadata; its bytes are a separate `file_content` record (docs/decisions/0004-file-storage.md). */
export interface FileData {
  course_id: number;
  /** The uploader. */
  user_id: number;
  display_name: string;
  filename: string;
  content_type: string;
  size: number;
  uuid: string;
  locked: boolean;
  hidden: boolean;
  unlock_at: string | null;
  lock_at: string | null;
  workflow_state: 'available' | 'deleted';
  /**
   * `submission` files belong to a student's submission, not to the course's files: only the student and those who
   * may see that student's work can read them, and course file lists never show them.
   */
  purpose: 'course' | 'submission';
}

export interface FileContentData {
  file_id: number;
  course_id: number;
  /** The bytes, base64-encoded: the record is JSON, and base64 is what the upload sent. */
  base64: string;
  /** Hex SHA-256 of the bytes, so sync and downloads can check integrity. */
  sha256: string;
}
