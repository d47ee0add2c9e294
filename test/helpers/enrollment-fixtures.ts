import { createFixtureUser, type FixtureUser } from './api-fixtures.ts';
import { createFixtureCourse, createFixtureSection, enrollFixtureUser, type FixtureCourse } from './course-fixtures.ts';
import type { TestServer } from './server.ts';

/** A course with everyone the people-area tests ask about (the authorization matrix cast, docs/architecture.md §10). */
export interface RosterCourse extends FixtureCourse {
  /** A second, non-default section. */
  sectionB: number;
  teacher: FixtureUser;
  /** A TA limited to section B. */
  ta: FixtureUser;
  designer: FixtureUser;
  /** A student in the default section. */
  studentA: FixtureUser;
  /** A student in section B. */
  studentB: FixtureUser;
  /** An observer linked to studentA. */
  observer: FixtureUser;
  /** Has a token, enrolled nowhere. */
  outsider: FixtureUser;
  enrollmentIds: Record<'teacher' | 'ta' | 'designer' | 'studentA' | 'studentB' | 'observer', number>;
}

let courses = 0;

export async function createRosterCourse(server: TestServer, name = `Roster ${++courses}`): Promise<RosterCourse> {
  const course = await createFixtureCourse(server, { name });
  const sectionB = await createFixtureSection(server, course.id, `${name} B`);
  const [teacher, ta, designer, studentA, studentB, observer, outsider] = await Promise.all(
    ['Tess Teacher', 'Tom Assistant', 'Dana Designer', 'Amy Student', 'Ben Student', 'Olga Observer', 'Otto Outsider'].map((n) =>
      createFixtureUser(server, n),
    ),
  ) as [FixtureUser, FixtureUser, FixtureUser, FixtureUser, FixtureUser, FixtureUser, FixtureUser];
  const enroll = enrollFixtureUser.bind(null, server, course.id);
  const enrollmentIds = {
    teacher: await enroll(teacher.id, 'TeacherEnrollment'),
    ta: await enroll(ta.id, 'TaEnrollment', { sectionId: sectionB, limitToSection: true }),
    designer: await enroll(designer.id, 'DesignerEnrollment'),
    studentA: await enroll(studentA.id, 'StudentEnrollment'),
    studentB: await enroll(studentB.id, 'StudentEnrollment', { sectionId: sectionB }),
    observer: await enroll(observer.id, 'ObserverEnrollment', { associatedUserId: studentA.id }),
  };
  return { ...course, sectionB, teacher, ta, designer, studentA, studentB, observer, outsider, enrollmentIds };
}
