import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { allowIf, authenticated } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { dashboardCards } from './dashboard.service.ts';

/** `:id` of the per-user dashboard settings: `self` or the caller's own id. */
const ownUser = z.object({ id: z.string().meta({ description: 'self, or the caller’s own user id.' }) });
const isCaller = allowIf('the caller themself (self)', 'read', (ctx, p: { id: string }) => p.id === 'self' || p.id === String(ctx.principal.userId));

export function dashboardRoutes(services: CoreServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/dashboard/dashboard_cards',
      summary: "The caller's dashboard cards: one per current course, by name (not paginated, as in Canvas)",
      params: z.object({}),
      // Only the caller's own courses are listed, so signing in is the whole check.
      permission: authenticated,
      handler: async (ctx) => ({ body: await dashboardCards(services, ctx.principal) }),
    }),
    // Outpost stores no course colours or card order: both read as they do in Canvas for a user who set none,
    // so the mobile apps' dashboard loads (docs/canvas-compatibility.md §26).
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:id/colors',
      summary: "The caller's custom course colours (none: Outpost does not store them)",
      params: ownUser,
      permission: isCaller,
      handler: async () => ({ body: { custom_colors: {} } }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:id/dashboard_positions',
      summary: "The caller's dashboard card order (none: Outpost does not store it)",
      params: ownUser,
      permission: isCaller,
      handler: async () => ({ body: { dashboard_positions: {} } }),
    }),
  ];
}
