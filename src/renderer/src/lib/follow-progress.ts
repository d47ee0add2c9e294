import type { Progress } from '../../../contracts/gradebook-dtos.ts';

/** How often a running job's Progress is read again: short, as the UI's jobs (a class's grades or groups) take seconds. */
const PROGRESS_POLL_MS = 250;

/**
 * Reads a background job's Progress again until it is over, telling `onCompletion` its percentage on the way; the
 * final Progress is returned, and a failed job thrown with its message.
 */
export async function followProgress(
  started: Progress,
  readAgain: (progressId: number) => Promise<Progress>,
  onCompletion: (percent: number) => void,
  failure: string,
): Promise<Progress> {
  let progress = started;
  while (progress.workflow_state === 'queued' || progress.workflow_state === 'running') {
    onCompletion(progress.completion ?? 0);
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
    progress = await readAgain(progress.id);
  }
  if (progress.workflow_state === 'failed') throw new Error(progress.message ?? failure);
  return progress;
}
