import { progressionService } from '../../src/server/domain/progression/progression.service.ts';
import type { CompletionRequirement, MetRequirement } from '../../src/server/domain/records/module-records.ts';
import { createFixtureUser } from '../../test/helpers/api-fixtures.ts';
import type { TestServer } from '../../test/helpers/server.ts';

export const MODULES = 40;
export const ITEMS_PER_MODULE = 25;
export const STUDENTS = 30;

type Json = Record<string, unknown> & { id: number };

/** One API call that must succeed; the benchmark's course is built the way a client would build it. */
export async function call(server: TestServer, token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as Json;
}

/** Item kinds after each module's leading SubHeader, cycled: every type with content and a requirement. */
const KINDS: ReadonlyArray<{ type: string; requirement: CompletionRequirement }> = [
  { type: 'Assignment', requirement: { type: 'must_submit' } },
  { type: 'Quiz', requirement: { type: 'min_score', min_score: 5 } },
  { type: 'Discussion', requirement: { type: 'must_contribute' } },
  { type: 'Page', requirement: { type: 'must_view' } },
  { type: 'File', requirement: { type: 'must_view' } },
  { type: 'ExternalUrl', requirement: { type: 'must_mark_done' } },
];

export interface BenchCourse {
  courseId: number;
  teacherToken: string;
  studentTokens: string[];
}

/** The content an item of `type` points at, created through its own area's API. */
async function content(server: TestServer, token: string, courseId: number, type: string, n: number): Promise<Record<string, unknown>> {
  const base = `/api/v1/courses/${courseId}`;
  switch (type) {
    case 'Assignment':
      return { content_id: (await call(server, token, 'POST', `${base}/assignments`, { assignment: { name: `Essay ${n}`, points_possible: 10, published: true } })).id };
    case 'Quiz':
      return { content_id: (await call(server, token, 'POST', `${base}/quizzes`, { quiz: { title: `Quiz ${n}`, quiz_type: 'assignment', published: true } })).id };
    case 'Discussion':
      return { content_id: (await call(server, token, 'POST', `${base}/discussion_topics`, { title: `Topic ${n}`, published: true })).id };
    case 'Page':
      return { page_url: (await call(server, token, 'POST', `${base}/pages`, { wiki_page: { title: `Reading ${n}`, body: '<p>Text</p>', published: true } })).url };
    case 'File': {
      const file = await call(server, token, 'POST', `${base}/files`, { name: `notes-${n}.txt`, content: Buffer.from(`notes ${n}`).toString('base64') });
      return { content_id: file.id };
    }
    default:
      return { external_url: `https://example.test/${n}`, title: `Link ${n}` };
  }
}

/**
 * 40 modules × 25 items; every third module sequential, every fourth requires the one before; 30 students whose
 * progress ranges from nothing to the whole course (their met requirements are recorded through the progression
 * service, as submissions, views and grades would record them).
 */
export async function buildCourse(server: TestServer, adminToken: string, accountId: number): Promise<BenchCourse> {
  const course = await call(server, adminToken, 'POST', `/api/v1/accounts/${accountId}/courses`, { course: { name: 'Modules bench' }, offer: true });
  const courseId = course.id;
  const teacher = await createFixtureUser(server, 'Bench Teacher');
  const students = await Promise.all(Array.from({ length: STUDENTS }, (_, i) => createFixtureUser(server, `Bench Student ${i}`)));
  for (const [user, type] of [[teacher, 'TeacherEnrollment'], ...students.map((s) => [s, 'StudentEnrollment'] as const)] as const) {
    await call(server, adminToken, 'POST', `/api/v1/courses/${courseId}/enrollments`, { enrollment: { user_id: user.id, type, enrollment_state: 'active' } });
  }
  const t = teacher.token;
  const moduleIds: number[] = [];
  for (let m = 0; m < MODULES; m++) {
    const prerequisites = m > 0 && m % 4 === 0 ? [moduleIds[m - 1]] : [];
    const module = await call(server, t, 'POST', `/api/v1/courses/${courseId}/modules`, {
      module: { name: `Week ${m + 1}`, require_sequential_progress: m % 3 === 2, prerequisite_module_ids: prerequisites },
    });
    moduleIds.push(module.id);
    const items = `/api/v1/courses/${courseId}/modules/${module.id}/items`;
    await call(server, t, 'POST', items, { module_item: { type: 'SubHeader', title: `Week ${m + 1}` } });
    const kinds = Array.from({ length: ITEMS_PER_MODULE - 1 }, (_, i) => KINDS[i % KINDS.length]!);
    // Content in parallel (as a client might), items in order so positions follow the list.
    const refs = await Promise.all(kinds.map((k, i) => content(server, t, courseId, k.type, m * 100 + i)));
    for (const [i, kind] of kinds.entries()) {
      await call(server, t, 'POST', items, { module_item: { type: kind.type, ...refs[i], completion_requirement: kind.requirement } });
    }
    await call(server, t, 'PUT', `/api/v1/courses/${courseId}/modules/${module.id}`, { module: { published: true } });
  }
  await recordProgress(server, courseId, students.map((s) => s.id));
  return { courseId, teacherToken: t, studentTokens: students.map((s) => s.token) };
}

/** Student i has met every requirement of the first i·40/30 modules and half of the next one. */
async function recordProgress(server: TestServer, courseId: number, studentIds: number[]): Promise<void> {
  const { repos } = server.core.services;
  const modules = (await repos.modules.find({ course_id: courseId }, [{ sort_key: 'asc' }])).filter((m) => m.data.workflow_state === 'active');
  const items = await repos.moduleItems.find({ course_id: courseId });
  const stamp = { actorId: 0, requestId: 'bench', now: Date.now() };
  for (const [s, userId] of studentIds.entries()) {
    const done = Math.floor((s * MODULES) / STUDENTS);
    for (const [index, module] of modules.entries()) {
      if (index > done) break;
      const required = items.filter((i) => i.data.module_id === module.id && i.data.completion_requirement !== null);
      const met = index < done ? required : required.slice(0, Math.floor(required.length / 2));
      const requirements_met: MetRequirement[] = met.map((i) => ({ id: i.id, type: i.data.completion_requirement!.type }));
      const scores = Object.fromEntries(met.filter((i) => i.data.completion_requirement!.type === 'min_score').map((i) => [String(i.id), 8]));
      await repos.moduleProgressions.create(
        { course_id: courseId, module_id: module.id, user_id: userId, workflow_state: 'unlocked', requirements_met, scores, current_position: null, completed_at: null, mastery_choices: {} },
        stamp,
      );
    }
    // Settles every row once, as the student's first visit would.
    await progressionService(repos).progressFor(courseId, userId, stamp);
  }
}
