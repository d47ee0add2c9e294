import { describe, expect, it } from 'vitest';
import {
  can,
  InconsistentFactsError,
  type EnrollmentState,
  type PermissionContext,
  type PermissionName,
} from '../../../src/server/domain/permissions/index.ts';
import { IN_S2, IN_T, institution, S, SECTION_A, SECTION_B, T, USERS } from './institution.ts';
import { accountFacts, courseFacts, customRole, enrollment, override, type World } from './world.ts';

function inCourse(world: World, userId: number, permission: PermissionName, courseId: number, sectionId?: number): boolean {
  const context: PermissionContext = { type: 'course', courseId, ...(sectionId === undefined ? {} : { sectionId }) };
  return can({ userId }, permission, context, courseFacts(world, courseId));
}

describe('course rights from enrollments', () => {
  const world = institution();

  it('gives each enrollment its role’s defaults in its own course only', () => {
    expect(inCourse(world, USERS.teacher, 'manage_grades', IN_S2)).toBe(true);
    expect(inCourse(world, USERS.teacher, 'manage_courses', IN_S2)).toBe(false);
    // The same person is a student in IN_T.
    expect(inCourse(world, USERS.teacher, 'manage_grades', IN_T)).toBe(false);
    expect(inCourse(world, USERS.teacher, 'post_to_forum', IN_T)).toBe(true);
    expect(inCourse(world, USERS.studentA, 'post_to_forum', IN_S2)).toBe(true);
    expect(inCourse(world, USERS.studentA, 'view_all_grades', IN_S2)).toBe(false);
    expect(inCourse(world, USERS.observer, 'read_forum', IN_S2)).toBe(true);
    expect(inCourse(world, USERS.observer, 'post_to_forum', IN_S2)).toBe(false);
    expect(inCourse(world, USERS.stranger, 'read_forum', IN_S2)).toBe(false);
  });

  it('gives no account rights for being enrolled in the account’s courses', () => {
    const facts = accountFacts(world, T);
    expect(can({ userId: USERS.teacher }, 'read_course_list', { type: 'account', accountId: T }, facts)).toBe(false);
  });

  it('limits a section-limited enrollment to its section when the question names one', () => {
    expect(inCourse(world, USERS.limitedTa, 'manage_grades', IN_S2, SECTION_B)).toBe(true);
    expect(inCourse(world, USERS.limitedTa, 'manage_grades', IN_S2, SECTION_A)).toBe(false);
    expect(inCourse(world, USERS.limitedTa, 'manage_grades', IN_S2)).toBe(true);
    expect(inCourse(world, USERS.teacher, 'manage_grades', IN_S2, SECTION_B)).toBe(true);
  });

  it.each<[EnrollmentState, boolean, boolean]>([
    ['active', true, true],
    ['completed', true, false],
    ['invited', false, false],
    ['inactive', false, false],
    ['deleted', false, false],
    ['rejected', false, false],
  ])('a %s teacher enrollment: reads %s, manages %s', (state, reads, manages) => {
    const w = institution();
    w.enrollments.push(enrollment(50, IN_S2, SECTION_A, 'TeacherEnrollment', { workflow_state: state }));
    expect(inCourse(w, 50, 'read_roster', IN_S2)).toBe(reads);
    expect(inCourse(w, 50, 'view_all_grades', IN_S2)).toBe(reads);
    expect(inCourse(w, 50, 'manage_grades', IN_S2)).toBe(manages);
    expect(inCourse(w, 50, 'post_to_forum', IN_S2)).toBe(manages);
  });
});

describe('custom course roles', () => {
  it('follow their overrides, exist only below their account, and must match the enrollment type', () => {
    const world = institution();
    const grader = customRole(60, S, 'TaEnrollment', 'Grader');
    const foreign = customRole(61, T, 'TaEnrollment', 'Foreign');
    world.roles.push(grader, foreign);
    world.overrides.push(override(S, grader.id, 'manage_grades', { enabled: false }));
    world.enrollments.push(
      enrollment(70, IN_S2, SECTION_A, 'TaEnrollment', { role_id: grader.id }),
      enrollment(71, IN_S2, SECTION_A, 'TaEnrollment', { role_id: foreign.id }),
      enrollment(72, IN_S2, SECTION_A, 'TeacherEnrollment', { role_id: grader.id }),
    );
    expect(inCourse(world, 70, 'manage_grades', IN_S2)).toBe(false);
    expect(inCourse(world, 70, 'manage_rubrics', IN_S2)).toBe(true);
    for (const userId of [71, 72]) expect(inCourse(world, userId, 'read_forum', IN_S2)).toBe(false);
  });

  it('grant nothing once deleted', () => {
    const world = institution();
    world.roles.push({ ...customRole(62, S, 'TaEnrollment'), workflow_state: 'deleted' });
    world.enrollments.push(enrollment(73, IN_S2, SECTION_A, 'TaEnrollment', { role_id: 62 }));
    expect(inCourse(world, 73, 'read_forum', IN_S2)).toBe(false);
  });
});

describe('facts that do not describe the question', () => {
  it('throw instead of answering', () => {
    const world = institution();
    const otherCourse = courseFacts(world, IN_T);
    const context: PermissionContext = { type: 'course', courseId: IN_S2 };
    expect(() => can({ userId: USERS.teacher }, 'read_forum', context, otherCourse)).toThrow(InconsistentFactsError);
    const wrongChain = { ...courseFacts(world, IN_S2), accountChain: accountFacts(world, T).accountChain };
    expect(() => can({ userId: USERS.teacher }, 'read_forum', context, wrongChain)).toThrow(InconsistentFactsError);
    const noCourse = accountFacts(world, S);
    expect(() => can({ userId: USERS.teacher }, 'read_forum', context, noCourse)).toThrow(InconsistentFactsError);
    expect(() => can({ userId: USERS.rootAdmin }, 'manage_courses', { type: 'account', accountId: T }, noCourse)).toThrow(
      InconsistentFactsError,
    );
  });
});
