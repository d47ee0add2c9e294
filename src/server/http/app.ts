import express, { type Express } from 'express';
import { healthRoutes } from '../areas/health/health.routes.ts';
import { apiNotFound, errorHandler } from './errors.ts';
import { rendererStatic } from './renderer-static.ts';

export interface AppOptions {
  rendererDir: string;
}

export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(healthRoutes());
  app.use('/api', apiNotFound);
  app.use(rendererStatic(options.rendererDir));
  app.use(errorHandler);
  return app;
}
