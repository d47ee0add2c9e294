const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text as the HTML Canvas stores for a message: escaped, a paragraph per blank-line block, line breaks kept. */
export function plainTextHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => `<p>${block.replace(/[&<>"']/g, (c) => ESCAPES[c]!).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
