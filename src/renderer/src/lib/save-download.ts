/**
 * Hands bytes read through the API to the browser as a download named `filename`: an export's URL needs the
 * session's CSRF token, which a plain link cannot send, so the bytes are read first and saved from memory.
 */
export function saveDownload(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The id at the end of a Progress URL the API gave (`…/api/v1/progress/17`). */
export function progressIdOf(progressUrl: string | undefined): number {
  return Number(progressUrl?.split('/').pop());
}
