import type { PermissionName } from './permission-catalog.ts';
import type { EnrollmentType } from './role-catalog.ts';

/** Canvas asks by type: students and observers are managed with manage_students, staff with manage_admin_users. */
export const MANAGING_PERMISSION: Readonly<Record<EnrollmentType, PermissionName>> = {
  StudentEnrollment: 'manage_students',
  ObserverEnrollment: 'manage_students',
  TeacherEnrollment: 'manage_admin_users',
  TaEnrollment: 'manage_admin_users',
  DesignerEnrollment: 'manage_admin_users',
};
/** Whoever holds one of these may enrol someone in the course: the enrollments POST's rule, and who may find people by login. */
export const ANY_MANAGING_PERMISSION: readonly PermissionName[] = ['manage_students', 'manage_admin_users'];
