import type { CoreServices } from '../../core-services.ts';
import { pageResult, readPageRequest, type PageSource } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type Grant, type RequestContext, type RouteResult } from '../../http/route.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { createAssessmentsParams, createResultsParams, listAssessmentsParams, listResultsParams } from './live-assessments.params.ts';
import { assessmentJson, assessmentLinks, paginationMeta, resultJson } from './live-assessments.serializer.ts';
import { LiveAssessmentsService } from './live-assessments.service.ts';

/** Canvas's Assessment policy: manage_assignments creates and records, view_all_grades reads. */
const WRITE: readonly PermissionName[] = ['manage_assignments'];
const READ: readonly PermissionName[] = ['view_all_grades'];

/** One page of a list as `{ <key>: [...], meta: { pagination } }` plus the Link header (Canvas's jsonapi_paginate). */
async function jsonapiPage<T>(ctx: RequestContext, source: PageSource<T>, toJson: (item: T) => unknown): Promise<{ items: unknown[]; result: RouteResult; meta: unknown }> {
  const request = readPageRequest(ctx.query);
  // A page past the end is simply empty: the storage skips past every record.
  const [total, records] = await Promise.all([source.count(), source.fetch(request.offset, request.perPage)]);
  const items = records.map(toJson);
  const result = pageResult(ctx, request, total, items);
  return { items, result, meta: paginationMeta(result.headers?.Link, request.perPage, total) };
}

export function liveAssessmentsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const assessments = new LiveAssessmentsService(services);
  /** Resolves course and assessment first (404), then asks the policy (401). */
  const onAssessment = (grants: Grant, permissions: readonly PermissionName[]) =>
    scopedRule(`${permissions.join(' or ')} in the course`, grants, async (ctx, p: { course_id: string; assessment_id: number }) => {
      const courseId = await rules.ids.courseId(p.course_id);
      const assessment = await assessments.get(courseId, p.assessment_id);
      return scopeIf(await services.access.canAny(ctx.principal, permissions, { type: 'course', courseId }), assessment);
    });

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/live_assessments',
      summary: "List a course's live assessments (beta)",
      params: listAssessmentsParams,
      permission: rules.inCourse('read', READ, courseIdOf),
      handler: async (ctx, _p, { courseId }) => {
        const page = await jsonapiPage(ctx, assessments.list(courseId), assessmentJson);
        return { ...page.result, body: { links: assessmentLinks(ctx.baseUrl, courseId), assessments: page.items, meta: page.meta } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/live_assessments',
      summary: 'Create or find live assessments by key (beta): assessments[][key], [title], [links][outcome]',
      params: createAssessmentsParams,
      permission: rules.inCourse('write', WRITE, courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        const saved = await assessments.upsert(ctx.principal, courseId, p.assessments, writeStamp(ctx));
        return { body: { links: assessmentLinks(ctx.baseUrl, courseId), assessments: saved.map(assessmentJson) } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/live_assessments/:assessment_id/results',
      summary: "List a live assessment's results, optionally for one user_id (beta)",
      params: listResultsParams,
      permission: onAssessment('read', READ),
      handler: async (ctx, p, assessment) => {
        const visible = await services.access.visibleStudents(ctx.principal, assessment.data.course_id);
        const page = await jsonapiPage(ctx, assessments.results(assessment, p.user_id, visible), resultJson);
        return { ...page.result, body: { results: page.items, meta: page.meta } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/live_assessments/:assessment_id/results',
      summary: 'Record live assessment results (beta): results[][passed], [assessed_at], [links][user]',
      params: createResultsParams,
      permission: onAssessment('write', WRITE),
      handler: async (ctx, p, assessment) => {
        const saved = await assessments.record(ctx.principal, assessment, p.results, writeStamp(ctx));
        return { body: { results: saved.map(resultJson) } };
      },
    }),
  ];
}
