import { Router } from 'express';
import type { HealthResponse } from '../../../shared/api-types.ts';
import { OUTPOST_VERSION } from '../../version.ts';

/** Liveness for the shell, the renderer and scripts: no auth and no data, so it reveals nothing. */
export function healthRoutes(): Router {
  const router = Router();
  router.get('/api/v1/health', (_req, res) => {
    const body: HealthResponse = { status: 'ok', version: OUTPOST_VERSION };
    res.json(body);
  });
  return router;
}
