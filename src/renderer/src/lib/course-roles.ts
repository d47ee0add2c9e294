import { defineMessages } from '@formatjs/intl';
import type { Course, CourseEnrollmentType, EnrollmentType } from '../../../contracts/lms-dtos.ts';
import { currentIntl } from '../i18n/current-intl.ts';
import type { Messages } from '../i18n/messages.ts';

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

/** The base roles' everyday words; the same for a course's enrollment types and the API's enrollment types. */
const ROLE_LABELS: Messages<CourseEnrollmentType> = defineMessages({
  student: { id: 'roles.student', defaultMessage: 'Student' },
  teacher: { id: 'roles.teacher', defaultMessage: 'Teacher' },
  ta: { id: 'roles.ta', defaultMessage: 'TA', description: 'Teaching assistant, short.' },
  observer: { id: 'roles.observer', defaultMessage: 'Observer', description: 'A parent or mentor who follows a student.' },
  designer: { id: 'roles.designer', defaultMessage: 'Designer', description: 'Someone who builds a course without teaching it.' },
});

export function courseRoleLabels(course: Course): string[] {
  const intl = currentIntl();
  return [...new Set((course.enrollments ?? []).map((e) => (e.type in ROLE_LABELS ? intl.formatMessage(ROLE_LABELS[e.type]) : e.role)))];
}

const ENROLLMENT_TYPES: Record<EnrollmentType, CourseEnrollmentType> = {
  StudentEnrollment: 'student',
  TeacherEnrollment: 'teacher',
  TaEnrollment: 'ta',
  ObserverEnrollment: 'observer',
  DesignerEnrollment: 'designer',
};

export function enrollmentLabel(type: EnrollmentType, role: string): string {
  // A custom role keeps its own name; the base types get their everyday word.
  return role === type && type in ENROLLMENT_TYPES ? currentIntl().formatMessage(ROLE_LABELS[ENROLLMENT_TYPES[type]]) : role;
}
