import type { CanvasClient } from './canvas-client.ts';
import { DEMO } from './demo-course.ts';

type Json = Record<string, unknown>;

/** The teacher's comment on each graded reading response. */
export const DEMO_FEEDBACK = 'Thoughtful response — cite a page number next time.';

export interface DemoIds {
  courseId: number;
  assignmentIds: number[];
  quizIds: number[];
  studentIds: number[];
}

/** Wiki pages and two units of modules, the second unlocked by the first, as a teacher would build them. */
export async function addPagesAndModules(api: CanvasClient, ids: DemoIds): Promise<void> {
  const course = `/api/v1/courses/${ids.courseId}`;
  const pageUrls: string[] = [];
  for (const page of DEMO.pages) {
    const created = await api.request('POST', `${course}/pages`, { wiki_page: { ...page, published: true } });
    pageUrls.push(created.url as string);
  }
  await api.request('PUT', `${course}/pages/${pageUrls[0]!}`, { wiki_page: { front_page: true } });

  const unit = async (name: string, items: Json[], extra: Json = {}) => {
    const module = await api.request('POST', `${course}/modules`, { module: { name, ...extra } });
    for (const item of items) await api.request('POST', `${course}/modules/${String(module.id)}/items`, { module_item: item });
    await api.request('PUT', `${course}/modules/${String(module.id)}`, { module: { published: true } });
    return module.id as number;
  };
  const assignment = (index: number, requirement: Json) => ({
    type: 'Assignment',
    content_id: ids.assignmentIds[index],
    completion_requirement: requirement,
  });
  const unit1 = await unit('Unit 1: Water', [
    { type: 'SubHeader', title: 'Start here' },
    { type: 'Page', page_url: pageUrls[0], completion_requirement: { type: 'must_view' } },
    { type: 'Page', page_url: pageUrls[1], completion_requirement: { type: 'must_mark_done' } },
    assignment(0, { type: 'must_submit' }),
    assignment(1, { type: 'must_submit' }),
    { type: 'Quiz', content_id: ids.quizIds[0], completion_requirement: { type: 'must_submit' } },
  ]);
  await unit(
    'Unit 2: Soil',
    [assignment(4, { type: 'min_score', min_score: 14 }), assignment(5, { type: 'must_submit' }), {
      type: 'ExternalUrl',
      title: 'USDA Web Soil Survey',
      external_url: 'https://websoilsurvey.nrcs.usda.gov/',
    }],
    { prerequisite_module_ids: [unit1], require_sequential_progress: true },
  );
}

/** A third of the class has answered the reading response; the teacher has graded half of those. */
export async function addSubmissionsAndGrades(api: CanvasClient, ids: DemoIds): Promise<number> {
  const readingResponse = ids.assignmentIds[1]!;
  const path = `/api/v1/courses/${ids.courseId}/assignments/${readingResponse}/submissions`;
  const submitters = ids.studentIds.slice(0, Math.ceil(ids.studentIds.length / 3));
  for (const [i, studentId] of submitters.entries()) {
    // Submitting takes the student's own token: one short-lived token per student, revoked right after.
    const tokens = `/api/v1/users/${studentId}/tokens`;
    const issued = await api.request<{ id: number; visible_token: string }>('POST', tokens, {
      token: { purpose: 'demo seed', expires_at: new Date(Date.now() + 60_000).toISOString() },
    });
    await api.as(issued.visible_token).request('POST', path, {
      submission: { submission_type: 'online_text_entry', body: `<p>${DEMO.responses[i % DEMO.responses.length]!}</p>` },
    });
    await api.request('DELETE', `${tokens}/${issued.id}`);
    if (i % 2 === 0) {
      await api.request('PUT', `${path}/${studentId}`, {
        submission: { posted_grade: String(7 + (i % 4)) },
        comment: { text_comment: DEMO_FEEDBACK },
      });
    }
  }
  return submitters.length;
}
