/** Elements whose text reads as lines of their own when a page's body is compared line by line. */
const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, pre, blockquote, td, th, figcaption';

/**
 * The text of untrusted HTML as lines, for comparing revisions: parsed inert (DOMParser runs no scripts and loads
 * nothing) and read as text only, so nothing of it is ever rendered as HTML.
 */
export function htmlTextLines(html: string | null | undefined): string[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Innermost blocks only: a list item's paragraph is one line, not two.
  const blocks = [...doc.body.querySelectorAll(BLOCKS)].filter((el) => !el.querySelector(BLOCKS));
  const texts = blocks.length > 0 ? blocks.map((el) => el.textContent ?? '') : [doc.body.textContent ?? ''];
  return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text !== '');
}
