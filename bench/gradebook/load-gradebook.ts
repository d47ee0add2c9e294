import { GRADEBOOK_SUBMISSION_FIELDS } from '../../src/contracts/gradebook-dtos.ts';

/** A GET of a path on the server under test: the parsed JSON and the Link header. */
export type Get = (path: string) => Promise<{ json: unknown; link: string | null }>;

/**
 * The gradebook screen's reads (src/renderer/src/api/gradebook-calls.ts): groups with assignments and the
 * enrollment pages in parallel, and as each page of students arrives, their submissions in chunks of 50
 * (Canvas's cap on `student_ids[]`), grouped by student, with the fields a cell shows (`response_fields[]`).
 * `origin` is stripped from the Link header's next page so `get` receives a path.
 */
export async function loadGradebook(courseId: number, get: Get, origin: string): Promise<{ submissions: number }> {
  const base = `/api/v1/courses/${courseId}`;
  let submissions = 0;
  const chunks: Promise<void>[] = [];
  const groups = get(`${base}/assignment_groups?include[]=assignments&per_page=100`);
  let next: string | undefined = `${base}/enrollments?type[]=StudentEnrollment&per_page=100`;
  while (next) {
    const page = await get(next);
    const ids = (page.json as { user_id: number }[]).map((e) => e.user_id);
    for (let i = 0; i < ids.length; i += 50) {
      const students = ids.slice(i, i + 50).map((id) => `student_ids[]=${id}`);
      const query = [...students, ...GRADEBOOK_SUBMISSION_FIELDS.map((field) => `response_fields[]=${field}`)].join('&');
      chunks.push(
        get(`${base}/students/submissions?${query}&grouped=1`).then(({ json }) => {
          for (const student of json as { submissions: unknown[] }[]) submissions += student.submissions.length;
        }),
      );
    }
    next = /<([^>]+)>; rel="next"/.exec(page.link ?? '')?.[1]?.replace(origin, '');
  }
  await Promise.all([groups, ...chunks]);
  return { submissions };
}
