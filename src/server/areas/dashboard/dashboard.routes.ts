import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { authenticated } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { dashboardCards } from './dashboard.service.ts';

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
  ];
}
