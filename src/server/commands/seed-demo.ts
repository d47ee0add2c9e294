import { randomBytes } from 'node:crypto';
import { startServer } from '../boot.ts';
import { DEMO, type DemoPerson } from './demo-course.ts';

type Json = Record<string, unknown>;

/** Talks to the API exactly as a third-party Canvas client would: the demo doubles as an end-to-end check. */
class CanvasClient {
  readonly #baseUrl: string;
  readonly #token: string;

  constructor(baseUrl: string, token: string) {
    this.#baseUrl = baseUrl;
    this.#token = token;
  }

  async request(method: string, path: string, body?: Json): Promise<Json> {
    const res = await fetch(this.#baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${this.#token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return JSON.parse(text) as Json;
  }
}

export interface SeedResult {
  courseId: number;
  alreadyPresent: boolean;
}

/** Loads the demo course through the API at `baseUrl`, as the admin; does nothing when it is already there. */
export async function seedDemo(baseUrl: string, adminToken: string): Promise<SeedResult> {
  const api = new CanvasClient(baseUrl, adminToken);
  const existing = await fetch(`${baseUrl}/api/v1/courses/sis_course_id:${DEMO.course.sis_course_id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (existing.ok) return { courseId: ((await existing.json()) as { id: number }).id, alreadyPresent: true };

  const course = await api.request('POST', '/api/v1/accounts/self/courses', { course: DEMO.course, offer: true });
  const courseId = course.id as number;
  const sections: number[] = [];
  for (const name of DEMO.sections) {
    sections.push((await api.request('POST', `/api/v1/courses/${courseId}/sections`, { course_section: { name } })).id as number);
  }

  const createUser = async (p: DemoPerson) =>
    (await api.request('POST', '/api/v1/accounts/self/users', {
      user: { name: p.name },
      pseudonym: { unique_id: p.login },
      communication_channel: { type: 'email', address: p.login },
    })).id as number;
  const enroll = (userId: number, type: string, sectionId: number, extra: Json = {}) =>
    api.request('POST', `/api/v1/sections/${sectionId}/enrollments`, {
      enrollment: { user_id: userId, type, enrollment_state: 'active', ...extra },
    });

  await enroll(await createUser(DEMO.teacher), 'TeacherEnrollment', sections[0]!);
  await enroll(await createUser(DEMO.ta), 'TaEnrollment', sections[1]!, { limit_privileges_to_course_section: true });
  const students: number[] = [];
  for (const [i, student] of DEMO.students.entries()) {
    const id = await createUser(student);
    students.push(id);
    await enroll(id, 'StudentEnrollment', sections[i % sections.length]!);
  }
  await enroll(await createUser(DEMO.observer), 'ObserverEnrollment', sections[0]!, { associated_user_id: students[0] });

  const week = 7 * 24 * 3600 * 1000;
  const start = Date.now();
  for (const [i, assignment] of DEMO.assignments.entries()) {
    const due = new Date(start + (i + 1) * week).toISOString();
    await api.request('POST', `/api/v1/courses/${courseId}/assignments`, {
      assignment: { ...assignment, due_at: due, published: true, description: `<p>${assignment.name}: see the syllabus.</p>` },
    });
  }
  for (const quiz of DEMO.quizzes) {
    await api.request('POST', `/api/v1/courses/${courseId}/quizzes`, { quiz: { ...quiz, published: true } });
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
  return { courseId, alreadyPresent: false };
}

/** `npm run seed:demo`: runs the server privately on a free loopback port just long enough to load the demo. */
export async function seedDemoCommand(dataDir: string): Promise<string> {
  const adminToken = `lms_${randomBytes(32).toString('base64url')}`;
  const server = await startServer({ dataDir, port: 0, adminToken });
  try {
    const { courseId, alreadyPresent } = await seedDemo(server.url, adminToken);
    return alreadyPresent
      ? `The demo course is already loaded (course ${courseId}).`
      : `Loaded the demo course "${DEMO.course.name}" (course ${courseId}): 1 teacher, 1 TA, ${DEMO.students.length} students in ${DEMO.sections.length} sections, 1 observer, ${DEMO.assignments.length} assignments, ${DEMO.quizzes.length} quizzes, ${DEMO.discussions.length} discussions, ${DEMO.files.length} files.`;
  } finally {
    await server.close();
  }
}
