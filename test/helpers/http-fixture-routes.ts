import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../src/server/domain/errors.ts';
import { paginateArray } from '../../src/server/http/pagination.ts';
import { canvasBoolean, canvasDate, canvasId, canvasInclude, canvasInteger, canvasList, canvasString, paginationParams } from '../../src/server/http/params/canvas-params.ts';
import { allowIf, authenticated, publicAccess } from '../../src/server/http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../src/server/http/route.ts';

const echoParams = z.object({
  flag: canvasBoolean().optional(),
  include: canvasInclude(['a', 'b']),
  ids: canvasList(canvasId()).optional(),
  at: canvasDate().optional(),
  count: canvasInteger({ min: 0 }).optional(),
  module: z.object({ name: canvasString().optional(), position: canvasInteger().optional() }).optional(),
});

const ITEMS = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));

/** Small routes exercising each convention, served by `startFixtureApp`. */
export function fixtureRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/ping',
      summary: 'public fixture',
      params: z.object({}),
      permission: publicAccess,
      handler: (ctx) => ({ body: { principal: ctx.principal } }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/echo',
      summary: 'echo the validated params',
      params: echoParams,
      permission: authenticated,
      handler: (_ctx, params) => ({ body: params }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/echo',
      summary: 'echo the validated params of a write',
      params: echoParams,
      permission: authenticated,
      handler: (_ctx, params) => ({ status: 201, body: { ...params, prototype_clean: Object.keys(Object.prototype).length === 0 } }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/pages',
      summary: 'a route taking HTML bodies',
      params: z.object({ body: z.string().optional() }),
      permission: authenticated,
      bodyLimit: 'html',
      handler: (_ctx, params) => ({ body: { length: params.body?.length ?? 0 } }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/things/:id',
      summary: 'path params merged with body and query',
      params: z.object({ course_id: canvasId(), id: canvasId(), name: canvasString(z.string().min(1)) }),
      permission: allowIf('teachers only (fixture)', 'write', (ctx) => ctx.principal.userId === 1),
      handler: (_ctx, params) => ({ body: params }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/things/:id',
      summary: 'domain errors from a handler',
      params: z.object({ id: canvasId() }),
      permission: authenticated,
      handler: (_ctx, params) => {
        if (params.id === 404) throw new NotFoundError();
        if (params.id === 400) throw ValidationError.field('title', "Title can't be blank", 'blank');
        if (params.id === 500) throw new Error('a bug with a secret stack');
        return { status: 204, body: null };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/items',
      summary: 'a paginated list of 25',
      params: z.object({ ...paginationParams, search_term: z.string().optional() }),
      permission: authenticated,
      handler: (ctx) => paginateArray(ctx, ITEMS),
    }),
  ];
}
