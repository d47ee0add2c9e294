import { describe, expect, it } from 'vitest';
import {
  canForStudent,
  visibleSectionIds,
  visibleStudentIds,
  type PermissionName,
} from '../../../src/server/domain/permissions/index.ts';
import { IN_S2, IN_T, institution, SECTION_A, SECTION_B, USERS } from './institution.ts';
import { courseFacts, enrollment, type World } from './world.ts';

const { rootAdmin, subAdmin, teacher, limitedTa, studentA, studentB, observer, designer, stranger } = USERS;

function students(world: World, userId: number, courseId = IN_S2) {
  return visibleStudentIds({ userId }, courseId, courseFacts(world, courseId));
}

function sections(world: World, userId: number, courseId = IN_S2) {
  return visibleSectionIds({ userId }, courseId, courseFacts(world, courseId));
}

function forStudent(world: World, userId: number, permission: PermissionName, studentId: number, courseId = IN_S2) {
  return canForStudent({ userId }, permission, courseId, studentId, courseFacts(world, courseId));
}

describe('whose course work each person sees', () => {
  const world = institution();

  it('shows admins of the course’s account tree and unlimited graders everyone', () => {
    for (const userId of [rootAdmin, subAdmin, teacher]) expect(students(world, userId)).toBe('all');
    expect(students(world, rootAdmin, IN_T)).toBe('all');
  });

  it('shows an admin of another subtree no one', () => {
    expect(students(world, subAdmin, IN_T)).toEqual(new Set());
    expect(forStudent(world, subAdmin, 'manage_grades', teacher, IN_T)).toBe(false);
  });

  it('shows students themselves, observers their linked students, section-limited graders their sections', () => {
    expect(students(world, studentA)).toEqual(new Set([studentA]));
    expect(students(world, studentB)).toEqual(new Set([studentB]));
    expect(students(world, observer)).toEqual(new Set([studentA]));
    expect(students(world, limitedTa)).toEqual(new Set([studentB]));
  });

  it('shows no one to those without a grading right or any enrollment', () => {
    expect(students(world, designer)).toEqual(new Set());
    expect(students(world, stranger)).toEqual(new Set());
  });

  it('shows an observer nothing when the linked student is not (or no longer) in the course', () => {
    const w = institution();
    w.enrollments.push(
      enrollment(80, IN_S2, SECTION_A, 'ObserverEnrollment', { associated_user_id: stranger }),
      enrollment(81, IN_S2, SECTION_A, 'ObserverEnrollment'),
      enrollment(82, IN_S2, SECTION_A, 'StudentEnrollment', { workflow_state: 'deleted' }),
      enrollment(83, IN_S2, SECTION_A, 'ObserverEnrollment', { associated_user_id: 82 }),
    );
    for (const userId of [80, 81, 83]) expect(students(w, userId)).toEqual(new Set());
  });
});

describe('rights over one student', () => {
  it('need a single grant that both holds the permission and reaches the student', () => {
    const world = institution();
    // A section-limited teacher of section B who also observes their own child in section A (Canvas bug #2245).
    world.enrollments.push(
      enrollment(90, IN_S2, SECTION_B, 'TeacherEnrollment', { limit_privileges_to_course_section: true }),
      enrollment(90, IN_S2, SECTION_A, 'ObserverEnrollment', { associated_user_id: studentA }),
    );
    expect(students(world, 90)).toEqual(new Set([studentA, studentB]));
    expect(forStudent(world, 90, 'manage_grades', studentB)).toBe(true);
    expect(forStudent(world, 90, 'manage_grades', studentA)).toBe(false);
    expect(forStudent(world, 90, 'read_forum', studentA)).toBe(true);
  });

  it('reach only students of the course', () => {
    const world = institution();
    expect(forStudent(world, teacher, 'manage_grades', studentA)).toBe(true);
    expect(forStudent(world, rootAdmin, 'manage_grades', studentB)).toBe(true);
    expect(forStudent(world, teacher, 'manage_grades', observer)).toBe(false);
    expect(forStudent(world, teacher, 'manage_grades', stranger)).toBe(false);
    expect(forStudent(world, limitedTa, 'manage_grades', studentA)).toBe(false);
  });
});

describe('whose rosters each person sees', () => {
  const world = institution();

  it('shows every section to holders of read_roster, including students and admins of the tree', () => {
    for (const userId of [rootAdmin, subAdmin, teacher, studentA, designer]) expect(sections(world, userId)).toBe('all');
  });

  it('shows a section-limited enrollment only its own section', () => {
    expect(sections(world, limitedTa)).toEqual(new Set([SECTION_B]));
  });

  it('shows observers (read_roster off by default), strangers and foreign admins no section', () => {
    expect(sections(world, observer)).toEqual(new Set());
    expect(sections(world, stranger)).toEqual(new Set());
    expect(sections(world, subAdmin, IN_T)).toEqual(new Set());
  });
});
