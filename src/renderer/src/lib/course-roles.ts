import type { Course, CourseEnrollmentType, EnrollmentType } from '../../../contracts/lms-dtos.ts';

/** What the caller is in a course, from the enrollments the course JSON carries for them. */
export interface CourseViewer {
  /** Has a module progression: sees module states and can mark items done. */
  isStudent: boolean;
  /** Teaches or designs the course: sees published states. */
  canManage: boolean;
  /** Teaches or assists: grades submissions (designers build the course but do not grade it). */
  canGrade: boolean;
  /** The students the caller observes in this course (a parent's children), in enrollment order. */
  observees: number[];
}

/** Whose released grades and feedback the caller reads here: a student their own, an observer their students'. */
export function readsStudentWork(viewer: CourseViewer): boolean {
  return viewer.isStudent || viewer.observees.length > 0;
}

const MANAGING: ReadonlySet<CourseEnrollmentType> = new Set(['teacher', 'ta', 'designer']);
const GRADING: ReadonlySet<CourseEnrollmentType> = new Set(['teacher', 'ta']);

export function courseViewer(course: Course): CourseViewer {
  const types = (course.enrollments ?? []).map((e) => e.type);
  return {
    isStudent: types.includes('student'),
    canManage: types.some((t) => MANAGING.has(t)),
    canGrade: types.some((t) => GRADING.has(t)),
    observees: [
      ...new Set(
        (course.enrollments ?? []).flatMap((e) => (e.type === 'observer' && typeof e.associated_user_id === 'number' ? [e.associated_user_id] : [])),
      ),
    ],
  };
}

const ROLE_LABELS: Record<CourseEnrollmentType, string> = {
  student: 'Student',
  teacher: 'Teacher',
  ta: 'TA',
  observer: 'Observer',
  designer: 'Designer',
};

export function courseRoleLabels(course: Course): string[] {
  return [...new Set((course.enrollments ?? []).map((e) => ROLE_LABELS[e.type] ?? e.role))];
}

const ENROLLMENT_LABELS: Record<EnrollmentType, string> = {
  StudentEnrollment: 'Student',
  TeacherEnrollment: 'Teacher',
  TaEnrollment: 'TA',
  ObserverEnrollment: 'Observer',
  DesignerEnrollment: 'Designer',
};

export function enrollmentLabel(type: EnrollmentType, role: string): string {
  // A custom role keeps its own name; the base types get their everyday word.
  return role === type ? (ENROLLMENT_LABELS[type] ?? role) : role;
}
