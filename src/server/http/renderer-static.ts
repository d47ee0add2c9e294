import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';

// The UI's own policy; the server adds it so a browser tab gets the same protection as the Electron window.
const UI_CSP =
  // media-src blob:: a recording plays from bytes the page holds (its own, or read through the API with the token).
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self' blob:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/** Serves the built renderer at `/`, with the SPA's index.html for every non-API GET it does not know. */
export function rendererStatic(rendererDir: string): Router {
  const router = express.Router();
  const indexHtml = join(rendererDir, 'index.html');
  router.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', UI_CSP);
    next();
  });
  router.use(express.static(rendererDir, { index: 'index.html', fallthrough: true }));
  router.get(/^\/(?!api\/).*/, (_req, res) => {
    if (existsSync(indexHtml)) return res.sendFile(indexHtml);
    res.status(503).type('text/plain').send('The Outpost UI has not been built. Run `npm run build`.\n');
  });
  return router;
}
