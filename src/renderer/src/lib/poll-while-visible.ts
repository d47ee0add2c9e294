/**
 * Calls `refresh` now and every `intervalMs` while the page is visible, at once again when it becomes visible, and
 * never while it is hidden (a window in the background asks the server nothing). Returns the function that stops it.
 */
export function pollWhileVisible(refresh: () => void, intervalMs: number): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const sync = () => {
    clearInterval(timer);
    timer = undefined;
    if (document.visibilityState !== 'visible') return;
    refresh();
    timer = setInterval(refresh, intervalMs);
  };
  sync();
  document.addEventListener('visibilitychange', sync);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', sync);
  };
}
