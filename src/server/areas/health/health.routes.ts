import { z } from 'zod';
import type { HealthResponse } from '../../../contracts/api-types.ts';
import { publicAccess } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { OUTPOST_VERSION } from '../../version.ts';

/** Liveness for the shell, the renderer and scripts: no auth and no data, so it reveals nothing. */
export function healthRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/health',
      summary: 'Server liveness and version',
      params: z.object({}),
      permission: publicAccess,
      handler: () => {
        const body: HealthResponse = { status: 'ok', version: OUTPOST_VERSION };
        return { body };
      },
    }),
  ];
}
