import type { CoreServices } from '../../core-services.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import { InvalidParameterError } from '../../domain/errors.ts';
import type { EnrollmentState } from '../../domain/permissions/index.ts';
import type { CourseData, CourseWorkflowState, EnrollmentData } from '../../domain/records/course-records.ts';
import type { Stored } from '../../domain/repository.ts';
import type { CourseView } from './courses.includes.ts';
import type { CourseStateFilter } from './courses.params.ts';

const STAFF_TYPES: ReadonlySet<string> = new Set(['TeacherEnrollment', 'TaEnrollment', 'DesignerEnrollment']);
const PUBLISHED: ReadonlySet<CourseWorkflowState> = new Set(['available', 'completed']);
const ENROLLMENT_STATE_FILTER: Readonly<Record<string, EnrollmentState>> = {
  active: 'active',
  invited_or_pending: 'invited',
  completed: 'completed',
};

export interface UserCourseFilters {
  enrollment_type?: string;
  enrollment_role_id?: number;
  enrollment_state?: string;
  state?: readonly CourseStateFilter[];
}

export interface AccountCourseFilters {
  search_term?: string;
  published?: boolean;
  state?: readonly CourseStateFilter[];
  sort?: 'course_name' | 'sis_course_id' | 'id';
  order?: 'asc' | 'desc';
}

/** `state[]` as stored states; undefined when absent. Canvas's `created`/`claimed` are our `unpublished`. */
function statesOf(filter: readonly CourseStateFilter[] | undefined): Set<CourseWorkflowState | 'all'> | undefined {
  if (!filter || filter.length === 0) return undefined;
  return new Set(filter.map((s) => (s === 'created' || s === 'claimed' ? 'unpublished' : s)));
}

/**
 * `GET /api/v1/courses`: the courses the user is enrolled in, each with the enrollments that matched. By
 * default only current (active or invited) enrollments count, and students and observers see only published
 * courses whatever `state[]` asks for — an unpublished course does not exist for them.
 */
export async function coursesOfUser(services: CoreServices, userId: number, filters: UserCourseFilters): Promise<CourseView[]> {
  const { repos } = services;
  const rows = await repos.enrollments.find({ user_id: userId });
  const courses = await repos.courses.getMany([...new Set(rows.map((r) => r.data.course_id))]);
  const states = statesOf(filters.state);
  const wantedEnrollmentStates = filters.enrollment_state
    ? new Set([ENROLLMENT_STATE_FILTER[filters.enrollment_state]])
    : new Set<EnrollmentState>(states?.has('completed') ? ['active', 'invited', 'completed'] : ['active', 'invited']);
  const wantedType = filters.enrollment_type && `${filters.enrollment_type === 'ta' ? 'Ta' : capitalize(filters.enrollment_type)}Enrollment`;

  const byCourse = new Map<number, Stored<EnrollmentData>[]>();
  for (const row of rows) {
    const course = courses.get(row.data.course_id);
    if (!course) continue;
    if (!wantedEnrollmentStates.has(effectiveEnrollmentState(row.data, course.data))) continue;
    if (wantedType && row.data.type !== wantedType) continue;
    if (filters.enrollment_role_id !== undefined && row.data.role_id !== filters.enrollment_role_id) continue;
    byCourse.set(course.id, [...(byCourse.get(course.id) ?? []), row]);
  }

  const views: CourseView[] = [];
  for (const [courseId, enrollments] of byCourse) {
    const course = courses.get(courseId)!;
    const staff = enrollments.some((e) => STAFF_TYPES.has(e.data.type));
    if (visibleInUserList(course.data.workflow_state, staff, states)) views.push({ course, enrollments });
  }
  return views.sort((a, b) => a.course.id - b.course.id);
}

function visibleInUserList(state: CourseWorkflowState, staff: boolean, wanted: Set<string> | undefined): boolean {
  if (!staff && !PUBLISHED.has(state)) return false;
  if (!wanted) return state !== 'deleted';
  return wanted.has(state) || (wanted.has('all') && state !== 'deleted');
}

/** `GET /api/v1/accounts/:account_id/courses`: courses of the account and its sub-accounts. */
export async function coursesOfAccounts(
  services: CoreServices,
  accountIds: readonly number[],
  filters: AccountCourseFilters,
): Promise<Stored<CourseData>[]> {
  const term = filters.search_term?.trim();
  if (term !== undefined && term.length < 3) {
    throw new InvalidParameterError('search_term', '3 or more characters is required');
  }
  const states = statesOf(filters.state);
  const all = await services.repos.courses.find({ parent_id: { $in: [...accountIds] } });
  const matches = all.filter((course) => {
    const c = course.data;
    if (states ? !states.has('all') && !states.has(c.workflow_state) : c.workflow_state === 'deleted') return false;
    if (filters.published !== undefined && PUBLISHED.has(c.workflow_state) !== filters.published) return false;
    return term === undefined || matchesSearch(course, term);
  });
  return sortCourses(matches, filters.sort ?? 'id', filters.order ?? 'asc');
}

/** Canvas matches the term against name and code (substring, any case), SIS id, or the exact id. */
function matchesSearch(course: Stored<CourseData>, term: string): boolean {
  const needle = term.toLowerCase();
  const c = course.data;
  return (
    c.name.toLowerCase().includes(needle) ||
    c.course_code.toLowerCase().includes(needle) ||
    c.sis_course_id?.toLowerCase() === needle ||
    String(course.id) === term
  );
}

function sortCourses(courses: Stored<CourseData>[], sort: 'course_name' | 'sis_course_id' | 'id', order: 'asc' | 'desc') {
  const keyOf = (c: Stored<CourseData>) => (sort === 'course_name' ? c.data.name.toLowerCase() : sort === 'sis_course_id' ? (c.data.sis_course_id ?? '') : '');
  const sorted = [...courses].sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    // Ties (and the default) fall back to id, so pages never shuffle between requests.
    return ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
  });
  return order === 'desc' ? sorted.reverse() : sorted;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
