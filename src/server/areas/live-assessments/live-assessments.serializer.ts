import type { LiveAssessmentData, LiveAssessmentResultData } from '../../domain/records/live-assessment-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoOrNull } from '../common/api-values.ts';

/** Live-assessment ids are strings (docs/canvas-compatibility.md §0.1). */
export function assessmentJson(assessment: Stored<LiveAssessmentData>): Record<string, unknown> {
  return { id: String(assessment.id), key: assessment.data.key, title: assessment.data.title };
}

export function resultJson(result: Stored<LiveAssessmentResultData>): Record<string, unknown> {
  const r = result.data;
  return {
    id: String(result.id),
    passed: r.passed,
    assessed_at: isoOrNull(r.assessed_at),
    links: { user: String(r.user_id), assessor: String(r.assessor_id), assessment: String(r.assessment_id) },
  };
}

/** Canvas's `links` of assessment answers: where a client finds an assessment's results. */
export function assessmentLinks(baseUrl: string, courseId: number): Record<string, string> {
  return { 'assessments.results': `${baseUrl}/api/v1/courses/${courseId}/live_assessments/{assessments.id}/results` };
}

/**
 * Canvas's `Api.jsonapi_meta`: the Link header's page URLs again in the body, with the page size and counts,
 * read back from the header so the two can never disagree.
 */
export function paginationMeta(link: string | undefined, perPage: number, count: number): Record<string, unknown> {
  const pagination: Record<string, unknown> = { per_page: perPage };
  for (const [, url, rel] of (link ?? '').matchAll(/<([^>]*)>; rel="(\w+)"/g)) pagination[rel!] = url;
  return { pagination: { ...pagination, count, page_count: Math.max(1, Math.ceil(count / perPage)) } };
}
