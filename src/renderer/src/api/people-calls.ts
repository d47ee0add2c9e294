import type { Enrollment, EnrollmentType } from '../../../contracts/lms-dtos.ts';
import type { Http } from './http.ts';

/** A teacher's changes to who is in the course. */
export function peopleCalls(http: Http) {
  const course = (courseId: number) => `/api/v1/courses/${courseId}`;
  return {
    /**
     * Enrols the user whose login is `login` (Outpost's logins are the addresses people sign in with), active at
     * once: Outpost sends no invitation mail to accept. A 404 says no user has that login.
     */
    enrollByLogin: (courseId: number, login: string, type: EnrollmentType, sectionId: number) =>
      http.writeJson<Enrollment>('POST', `${course(courseId)}/enrollments`, {
        enrollment: { user_id: `sis_login_id:${login}`, type, course_section_id: String(sectionId), enrollment_state: 'active' },
      }),
  };
}
