/** `task` wrapped so that calls made while one run is on its way share that run instead of starting another. */
export function singleFlight(task: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  return () => (inFlight ??= task().finally(() => (inFlight = undefined)));
}
