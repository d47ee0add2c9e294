import { expect } from 'vitest';
import { api } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

type Json = Record<string, unknown> & { id: number };

/** Polls a Progress until it has finished. */
export async function finishedProgress(server: TestServer, token: string, progressId: number): Promise<Json> {
  for (;;) {
    const progress = (await api(server, token, 'GET', `/api/v1/progress/${progressId}`)).json as Json;
    if (progress.workflow_state === 'completed' || progress.workflow_state === 'failed') return progress;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts a gradebook CSV export, waits for it, and downloads the file through the attachment's url. */
export async function exportGradebook(server: TestServer, token: string, courseId: number): Promise<{ text: string; headers: Headers; started: Json }> {
  const res = await api(server, token, 'POST', `/api/v1/courses/${courseId}/gradebook_csvs`);
  expect(res.status).toBe(200);
  const started = res.json as Json & { attachment: { url: string }; progress_id: number };
  expect(await finishedProgress(server, token, started.progress_id)).toMatchObject({ workflow_state: 'completed', tag: 'gradebook_to_csv' });
  const download = await fetch(started.attachment.url.replace(/^https?:\/\/[^/]+/, server.url), { headers: { authorization: `Bearer ${token}` } });
  expect(download.status).toBe(200);
  return { text: await download.text(), headers: download.headers, started };
}
