import type { CoreServices } from '../../core-services.ts';
import { paginateArray } from '../../http/pagination.ts';
import { allowIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import { Plannables } from './plannables.ts';
import { PlannerItemsService } from './planner-items.service.ts';
import { PlannerNotesService } from './planner-notes.service.ts';
import { PlannerOverridesService, type PlannerOverride } from './planner-overrides.service.ts';
import {
  createNoteParams,
  createOverrideParams,
  idParams,
  listNotesParams,
  listOverridesParams,
  plannerItemsParams,
  updateNoteParams,
  updateOverrideParams,
} from './planner.params.ts';
import { plannerNoteJson, plannerOverrideJson } from './planner.serializer.ts';

/**
 * The caller's own planner (docs/canvas-compatibility.md §9): items, overrides and notes. Every route acts on the
 * caller's records only, so any user may call it; another user's note or override is a 404.
 */
const PLANNER_RULE = 'any user, on their own planner (only published content of courses they are in)';
const readPlanner = allowIf(PLANNER_RULE, 'read', () => true);
const writePlanner = allowIf(PLANNER_RULE, 'own', () => true);

export function plannerRoutes(services: CoreServices): AnyRoute[] {
  const plannables = new Plannables(services);
  const items = new PlannerItemsService(services, plannables);
  const overrides = new PlannerOverridesService(services, plannables);
  const overrideJson = async (override: PlannerOverride) => plannerOverrideJson(override, await overrides.assignmentIdOf(override));
  const notes = new PlannerNotesService(services);

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/planner/items',
      summary: 'Planner items of the caller between start_date and end_date (default: two weeks either side of now)',
      params: plannerItemsParams,
      permission: readPlanner,
      handler: async (ctx, p) => paginateArray(ctx, await items.list(ctx.principal, p, ctx.now)),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/planner/overrides',
      summary: 'The caller’s active planner overrides, by id',
      params: listOverridesParams,
      permission: readPlanner,
      handler: async (ctx) => paginateArray(ctx, await Promise.all((await overrides.list(ctx.principal)).map(overrideJson))),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/planner/overrides/:id',
      summary: 'One of the caller’s planner overrides',
      params: idParams,
      permission: readPlanner,
      handler: async (ctx, p) => ({ body: await overrideJson(await overrides.get(ctx.principal, p.id)) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/planner/overrides/:id',
      summary: 'Set marked_complete and dismissed (both, every time: an omitted flag becomes false)',
      params: updateOverrideParams,
      permission: writePlanner,
      handler: async (ctx, p) => ({ body: await overrideJson(await overrides.update(ctx.principal, p, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/planner/overrides',
      summary: 'Create the caller’s override of a plannable they can see (201; one per plannable)',
      params: createOverrideParams,
      permission: writePlanner,
      handler: async (ctx, p) => ({ status: 201, body: await overrideJson(await overrides.create(ctx.principal, p, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/planner/overrides/:id',
      summary: 'Delete one of the caller’s overrides (soft: deleted_at set); answers it',
      params: idParams,
      permission: writePlanner,
      handler: async (ctx, p) => ({ body: await overrideJson(await overrides.delete(ctx.principal, p.id, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/planner_notes',
      summary: 'The caller’s planner notes, by todo date (start_date and end_date inclusive days; context_codes[])',
      params: listNotesParams,
      permission: readPlanner,
      handler: async (ctx, p) => paginateArray(ctx, (await notes.list(ctx.principal, p)).map(plannerNoteJson)),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/planner_notes/:id',
      summary: 'One of the caller’s planner notes',
      params: idParams,
      permission: readPlanner,
      handler: async (ctx, p) => ({ body: plannerNoteJson(await notes.get(ctx.principal, p.id)) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/planner_notes/:id',
      summary: 'Update a note: title, details, todo_date, course_id (empty unlinks the course)',
      params: updateNoteParams,
      permission: writePlanner,
      handler: async (ctx, p) => ({ body: plannerNoteJson(await notes.update(ctx.principal, p.id, p, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/planner_notes',
      summary: 'Create a planner note for the caller (201): title and todo_date required; details, course_id',
      params: createNoteParams,
      permission: writePlanner,
      handler: async (ctx, p) => ({ status: 201, body: plannerNoteJson(await notes.create(ctx.principal, p, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/planner_notes/:id',
      summary: 'Delete one of the caller’s notes (soft); answers it',
      params: idParams,
      permission: writePlanner,
      handler: async (ctx, p) => ({ body: plannerNoteJson(await notes.delete(ctx.principal, p.id, writeStamp(ctx))) }),
    }),
  ];
}
