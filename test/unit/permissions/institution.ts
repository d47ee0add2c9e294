import { BUILT_IN_ROLE_IDS } from '../../../src/server/domain/permissions/index.ts';
import { account, emptyWorld, enrollment, membership, type World } from './world.ts';

/**
 * One institution shared by the policy and visibility tests, so both ask their questions of the same people:
 *
 *   R (root) ─ S ─ S2 ─ course IN_S2 (sections A, B)
 *            │      └─ course IN_S
 *            ├─ T ─ course IN_T
 *            └─ course IN_R
 */
export const R = 1;
export const S = 2;
export const S2 = 3;
export const T = 4;

export const IN_S2 = 100;
export const IN_S = 101;
export const IN_T = 200;
export const IN_R = 300;
export const ALL_COURSES = [IN_S2, IN_S, IN_T, IN_R] as const;

export const SECTION_A = 10;
export const SECTION_B = 11;

export const USERS = {
  rootAdmin: 1,
  subAdmin: 2,
  teacher: 3,
  limitedTa: 4,
  studentA: 5,
  studentB: 6,
  observer: 7,
  designer: 8,
  retiredAdmin: 9,
  stranger: 10,
} as const;

export function institution(): World {
  const world = emptyWorld([account(R, null), account(S, R), account(S2, S), account(T, R)]);
  world.courses.push(
    { id: IN_S2, account_id: S2 },
    { id: IN_S, account_id: S },
    { id: IN_T, account_id: T },
    { id: IN_R, account_id: R },
  );
  world.memberships.push(
    membership(USERS.rootAdmin, R),
    membership(USERS.subAdmin, S),
    { ...membership(USERS.retiredAdmin, R), workflow_state: 'deleted' },
  );
  world.enrollments.push(
    enrollment(USERS.teacher, IN_S2, SECTION_A, 'TeacherEnrollment'),
    enrollment(USERS.limitedTa, IN_S2, SECTION_B, 'TaEnrollment', { limit_privileges_to_course_section: true }),
    enrollment(USERS.studentA, IN_S2, SECTION_A, 'StudentEnrollment'),
    enrollment(USERS.studentB, IN_S2, SECTION_B, 'StudentEnrollment'),
    enrollment(USERS.observer, IN_S2, SECTION_A, 'ObserverEnrollment', { associated_user_id: USERS.studentA }),
    enrollment(USERS.designer, IN_S2, SECTION_A, 'DesignerEnrollment'),
    // The same people elsewhere: a teacher in IN_S2 is only a student in IN_T.
    enrollment(USERS.teacher, IN_T, 20, 'StudentEnrollment'),
  );
  return world;
}

export const ACCOUNT_ADMIN = BUILT_IN_ROLE_IDS.AccountAdmin;
