/** The `rel="next"` URL of a Canvas `Link` header, if any. */
export function nextPageUrl(linkHeader: string | null): string | undefined {
  if (!linkHeader) return undefined;
  for (const part of linkHeader.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /\brel="?next"?/.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}
