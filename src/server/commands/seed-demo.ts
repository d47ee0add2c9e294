import { startServer } from '../boot.ts';
import { generateStrongToken } from '../config.ts';
import { CanvasClient } from './canvas-client.ts';
import { DEMO, DEMO_PASSWORDS, type DemoPerson } from './demo-course.ts';
import { addPagesAndModules, addSubmissionsAndGrades } from './demo-coursework.ts';

type Json = Record<string, unknown>;

const PARALLEL_USERS = 4;

export interface SeedResult {
  courseId: number;
  alreadyPresent: boolean;
  /** Students who submitted the reading response (0 when the demo was already there). */
  submitted?: number;
}

/** Loads the demo course through the API at `baseUrl`, as the admin; does nothing when it is already there. */
export async function seedDemo(baseUrl: string, adminToken: string): Promise<SeedResult> {
  const api = new CanvasClient(baseUrl, adminToken);
  const existing = await api.exists(`/api/v1/courses/sis_course_id:${DEMO.course.sis_course_id}`);
  if (existing) return { courseId: existing.id as number, alreadyPresent: true };

  const course = await api.request('POST', '/api/v1/accounts/self/courses', { course: DEMO.course, offer: true });
  const courseId = course.id as number;
  const sections: number[] = [];
  for (const name of DEMO.sections) {
    sections.push((await api.request('POST', `/api/v1/courses/${courseId}/sections`, { course_section: { name } })).id as number);
  }

  const createUser = async (p: DemoPerson) =>
    (await api.request('POST', '/api/v1/accounts/self/users', {
      user: { name: p.name },
      // Through the Canvas API like any client: the password is hashed on the server and never read back.
      pseudonym: { unique_id: p.login, password: p.password },
      communication_channel: { type: 'email', address: p.login },
    })).id as number;
  const enroll = (userId: number, type: string, sectionId: number, extra: Json = {}) =>
    api.request('POST', `/api/v1/sections/${sectionId}/enrollments`, {
      enrollment: { user_id: userId, type, enrollment_state: 'active', ...extra },
    });

  await enroll(await createUser(DEMO.teacher), 'TeacherEnrollment', sections[0]!);
  await enroll(await createUser(DEMO.ta), 'TaEnrollment', sections[1]!, { limit_privileges_to_course_section: true });
  // A few at a time: each password costs one scrypt, which the server runs on its thread pool side by side; more
  // parallel requests would only fill the admin token's throttle bucket.
  const students: number[] = [];
  for (let i = 0; i < DEMO.students.length; i += PARALLEL_USERS) {
    students.push(...(await Promise.all(DEMO.students.slice(i, i + PARALLEL_USERS).map(createUser))));
  }
  for (const [i, id] of students.entries()) await enroll(id, 'StudentEnrollment', sections[i % sections.length]!);
  // One observer enrollment per linked student, in that student's section, as Canvas links a parent to each child.
  const observer = await createUser(DEMO.observer);
  for (const [i, id] of students.slice(0, DEMO.observedStudents).entries()) {
    await enroll(observer, 'ObserverEnrollment', sections[i % sections.length]!, { associated_user_id: id });
  }

  const week = 7 * 24 * 3600 * 1000;
  const start = Date.now();
  const assignmentIds: number[] = [];
  for (const [i, assignment] of DEMO.assignments.entries()) {
    const due = new Date(start + (i + 1) * week).toISOString();
    const created = await api.request('POST', `/api/v1/courses/${courseId}/assignments`, {
      assignment: { ...assignment, due_at: due, published: true, description: `<p>${assignment.name}: see the syllabus.</p>` },
    });
    assignmentIds.push(created.id as number);
  }
  const quizIds: number[] = [];
  for (const quiz of DEMO.quizzes) {
    quizIds.push((await api.request('POST', `/api/v1/courses/${courseId}/quizzes`, { quiz: { ...quiz, published: true } })).id as number);
  }
  for (const topic of DEMO.discussions) {
    await api.request('POST', `/api/v1/courses/${courseId}/discussion_topics`, { ...topic, published: true });
  }
  for (const file of DEMO.files) {
    await api.request('POST', `/api/v1/courses/${courseId}/files`, {
      name: file.name,
      content_type: file.content_type,
      content: Buffer.from(file.text).toString('base64'),
    });
  }
  const ids = { courseId, assignmentIds, quizIds, studentIds: students };
  await addPagesAndModules(api, ids);
  const submitted = await addSubmissionsAndGrades(api, ids);
  return { courseId, alreadyPresent: false, submitted };
}

/** Who can sign in to the demo, and with which password. */
export function demoSignIns(): string {
  const [first] = DEMO.students;
  return [
    'Sign in with (email / password):',
    `  teacher   ${DEMO.teacher.login} / ${DEMO.teacher.password}`,
    `  TA        ${DEMO.ta.login} / ${DEMO.ta.password}`,
    `  students  <first>.<last>@demo.outpost.test / ${DEMO_PASSWORDS.student}, e.g. ${first!.login}`,
    `  observer  ${DEMO.observer.login} / ${DEMO.observer.password}`,
  ].join('\n');
}

/** `npm run seed:demo`: runs the server privately on a free loopback port just long enough to load the demo. */
export async function seedDemoCommand(dataDir: string): Promise<string> {
  const adminToken = generateStrongToken();
  const server = await startServer({ dataDir, port: 0, adminToken });
  try {
    const { courseId, alreadyPresent, submitted } = await seedDemo(server.url, adminToken);
    return alreadyPresent
      ? `The demo course is already loaded (course ${courseId}).\n${demoSignIns()}`
      : `Loaded the demo course "${DEMO.course.name}" (course ${courseId}): 1 teacher, 1 TA, ${DEMO.students.length} students in ${DEMO.sections.length} sections, 1 observer of ${DEMO.observedStudents} students, ${DEMO.assignments.length} assignments, ${DEMO.quizzes.length} quizzes, ${DEMO.discussions.length} discussions, ${DEMO.files.length} files, ${DEMO.pages.length} pages, 2 modules, ${submitted ?? 0} submissions.\n${demoSignIns()}`;
  } finally {
    await server.close();
  }
}
