/**
 * The Canvas JSON shapes the UI reads, narrowed to the fields it uses. Responses carry more; these types say what a
 * client may rely on, not everything the server sends. Ids are JSON numbers (below 2^53, so exact in JavaScript).
 */

export type IsoDateTime = string;

/** `GET /api/v1/users/self` */
export interface UserProfile {
  id: number;
  name: string;
  short_name?: string;
  sortable_name?: string;
  login_id?: string | null;
  /** The language the person chose (`PUT /users/:id` `user[locale]`), null when they chose none. */
  locale?: string | null;
  /** The language Outpost speaks to them in: their own choice, else English (Canvas's `effective_locale`). */
  effective_locale?: string;
}

/** Canvas's short enrollment types on a course: `student`, `teacher`, `ta`, `observer`, `designer`. */
export type CourseEnrollmentType = 'student' | 'teacher' | 'ta' | 'observer' | 'designer';

export interface CourseEnrollmentSummary {
  type: CourseEnrollmentType;
  role: string;
  enrollment_state: string;
  /** An observer enrollment's linked student. */
  associated_user_id?: number | null;
}

export interface EnrollmentTerm {
  id: number | null;
  name: string;
  start_at: IsoDateTime | null;
  end_at: IsoDateTime | null;
}

/** `GET /api/v1/courses?include[]=term` */
export interface Course {
  id: number;
  name: string;
  course_code: string;
  workflow_state: string;
  start_at: IsoDateTime | null;
  end_at: IsoDateTime | null;
  enrollments?: CourseEnrollmentSummary[];
  term?: EnrollmentTerm;
  /** The IANA zone the course's dates are read in (a bare due day ends at 23:59:59 there). */
  time_zone?: string;
  /** Letter grades come from this standard; 0 is the default scheme, null none. */
  grading_standard_id?: number | null;
  /** Totals average the assignment groups' percentages by their weights instead of adding up points. */
  apply_assignment_group_weights?: boolean;
  /** Students' devices also keep the content that is still locked for them, to open once it unlocks offline. */
  offline_locked_content?: boolean;
  /** The course's language, which overrides each member's own inside the course; null when it has none. */
  locale?: string | null;
}

/** The course fields its settings screen changes (`PUT /courses/:id`). */
export interface CourseWrite {
  name: string;
  start_at: IsoDateTime | null;
  end_at: IsoDateTime | null;
  time_zone: string;
  grading_standard_enabled: boolean;
  offline_locked_content: boolean;
}

/** Features switched per course (`/courses/:id/settings`): `conditional_release` is Mastery Paths. */
export interface CourseFeatureSettings {
  conditional_release: boolean;
}

/** Automatic deductions for late and missing work, in percentage points. */
export interface LatePolicy {
  missing_submission_deduction_enabled: boolean;
  missing_submission_deduction: number;
  late_submission_deduction_enabled: boolean;
  late_submission_deduction: number;
  late_submission_interval: 'day' | 'hour';
  late_submission_minimum_percent_enabled: boolean;
  late_submission_minimum_percent: number;
}

/** A course that never had a late policy behaves as Canvas's column defaults say: nothing deducted, per day. */
export const NO_LATE_POLICY: Readonly<LatePolicy> = {
  missing_submission_deduction_enabled: false,
  missing_submission_deduction: 0,
  late_submission_deduction_enabled: false,
  late_submission_deduction: 0,
  late_submission_interval: 'day',
  late_submission_minimum_percent_enabled: false,
  late_submission_minimum_percent: 0,
};

export type CompletionRequirementType = 'must_view' | 'must_mark_done' | 'must_submit' | 'must_contribute' | 'min_score';

export interface CompletionRequirement {
  type: CompletionRequirementType;
  min_score?: number;
  /** Present only when the caller has a progression in the module (students). */
  completed?: boolean;
}

export interface ModuleItemContentDetails {
  points_possible?: number | null;
  due_at?: IsoDateTime | null;
  unlock_at?: IsoDateTime | null;
  lock_at?: IsoDateTime | null;
  locked_for_user?: boolean;
  lock_explanation?: string;
}

export type ModuleItemType = 'File' | 'Page' | 'Discussion' | 'Assignment' | 'Quiz' | 'SubHeader' | 'ExternalUrl' | 'ExternalTool';

export interface ModuleItem {
  id: number;
  module_id: number;
  position: number;
  title: string;
  indent: number;
  type: ModuleItemType;
  content_id?: number;
  page_url?: string;
  external_url?: string;
  /** Sent to those who can manage the course. */
  published?: boolean;
  completion_requirement?: CompletionRequirement;
  content_details?: ModuleItemContentDetails;
}

/** A student's progression state; absent for callers without one (teachers). */
export type ModuleState = 'locked' | 'unlocked' | 'started' | 'completed';

/** `GET /api/v1/courses/:course_id/modules?include[]=items&include[]=content_details` */
export interface CourseModule {
  id: number;
  name: string;
  position: number;
  workflow_state: string;
  unlock_at: IsoDateTime | null;
  require_sequential_progress: boolean;
  prerequisite_module_ids: number[];
  items_count: number;
  published?: boolean;
  state?: ModuleState;
  completed_at?: IsoDateTime | null;
  items?: ModuleItem[];
}

export type GradingType = 'pass_fail' | 'percent' | 'letter_grade' | 'gpa_scale' | 'points' | 'not_graded';

/** What a teacher writes in a module (`module[...]`); a PUT sends only what changes. */
export interface ModuleWrite {
  name?: string;
  unlock_at?: IsoDateTime | null;
  require_sequential_progress?: boolean;
  /** Only modules before this one count; others are dropped, as Canvas does. */
  prerequisite_module_ids?: number[];
  published?: boolean;
  position?: number;
}

/** What a teacher writes in a module item (`module_item[...]`); a PUT sends only what changes. */
export interface ModuleItemWrite {
  type?: ModuleItemType;
  title?: string;
  content_id?: number;
  page_url?: string;
  external_url?: string;
  /** null removes the requirement. */
  completion_requirement?: { type: CompletionRequirementType; min_score?: number } | null;
  published?: boolean;
  position?: number;
}

export type SubmissionType =
  | 'none'
  | 'on_paper'
  | 'online_text_entry'
  | 'online_url'
  | 'online_upload'
  | 'media_recording'
  | 'student_annotation'
  | 'online_quiz'
  | 'discussion_topic'
  | 'external_tool'
  | 'not_graded';

/** `GET /api/v1/courses/:course_id/assignments[/:id]` */
export interface Assignment {
  id: number;
  course_id: number;
  name: string;
  /** Sanitized by the server; still untrusted in the UI. */
  description: string | null;
  due_at: IsoDateTime | null;
  unlock_at: IsoDateTime | null;
  lock_at: IsoDateTime | null;
  points_possible: number | null;
  grading_type: GradingType;
  submission_types: SubmissionType[];
  assignment_group_id?: number | null;
  allowed_extensions?: string[];
  /** -1: unlimited. */
  allowed_attempts?: number;
  published: boolean;
  position: number;
  locked_for_user?: boolean;
  lock_explanation?: string;
  peer_reviews?: boolean;
  /** Graders see the students unnamed, in a fixed shuffled order. */
  anonymous_grading?: boolean;
  /** Its grades are not posted: students and observers see neither them nor others' comments yet. */
  muted?: boolean;
  /** It counts towards no total. */
  omit_from_final_grade?: boolean;
  /** False once a student has handed something in: the API then refuses to unpublish it. */
  unpublishable?: boolean;
  /** A graded quiz's assignment names its quiz, where it is taken. */
  quiz_id?: number;
}

/** What a teacher writes in an assignment (`assignment[...]` of a create or update). */
export interface AssignmentWrite {
  name: string;
  description: string;
  points_possible: number | null;
  grading_type: GradingType;
  submission_types: SubmissionType[];
  allowed_extensions: string[];
  due_at: IsoDateTime | null;
  unlock_at: IsoDateTime | null;
  lock_at: IsoDateTime | null;
  assignment_group_id?: number;
  published: boolean;
}

/** `GET /api/v1/courses/:course_id/assignment_groups` */
export interface AssignmentGroup {
  id: number;
  name: string;
  position: number;
}

/** What a student sends for one attempt (`submission[...]`). */
export type SubmissionContent =
  | { submission_type: 'online_text_entry'; body: string }
  | { submission_type: 'online_url'; url: string }
  | { submission_type: 'online_upload'; file_ids: number[] }
  /** Outpost keeps a recording as one of the student's uploaded files; its id is the media id. */
  | { submission_type: 'media_recording'; media_comment_id: string; media_comment_type: MediaType };

/** What a recording holds: sound alone, or sound and picture. */
export type MediaType = 'audio' | 'video';

/** Step 1 of Canvas's file upload: where to send the bytes, and the form fields to send before them. */
export interface UploadTicket {
  upload_url: string;
  upload_params: Record<string, string>;
  file_param: string;
}

/** `GET /api/v1/courses/:course_id/pages` (no body in lists) and `…/pages/:url` (with body). */
export interface WikiPage {
  page_id: number;
  url: string;
  title: string;
  updated_at: IsoDateTime;
  published: boolean;
  front_page: boolean;
  locked_for_user?: boolean;
  lock_explanation?: string;
  /** Only on a single page; sanitized by the server, still untrusted in the UI. */
  body?: string | null;
  /** Comma-separated: `teachers`, `students`, `members`, `public`. */
  editing_roles?: string;
}

/** What a teacher writes in a page (`wiki_page[...]`). */
export interface WikiPageWrite {
  title: string;
  body: string;
  editing_roles: string;
  published: boolean;
  front_page: boolean;
}

/** `GET …/pages/:url/revisions` (no content) and `…/revisions/:id` (with it). */
export interface PageRevision {
  revision_id: number;
  updated_at: IsoDateTime | null;
  latest: boolean;
  edited_by?: { id: number; display_name: string };
  title?: string;
  /** Sanitized by the server; shown only as text. */
  body?: string | null;
}

/** Canvas's enrollment types as stored: `StudentEnrollment`, `TeacherEnrollment`, … */
export type EnrollmentType = 'StudentEnrollment' | 'TeacherEnrollment' | 'TaEnrollment' | 'ObserverEnrollment' | 'DesignerEnrollment';

export interface Enrollment {
  id: number;
  type: EnrollmentType;
  role: string;
  enrollment_state: string;
  course_section_id: number;
}

/** `GET /api/v1/courses/:course_id/users?include[]=enrollments` */
export interface CourseUser {
  id: number;
  name: string;
  sortable_name: string;
  login_id?: string | null;
  enrollments?: Enrollment[];
}
