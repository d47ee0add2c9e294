/** Elements that start a line of their own when a page's body is compared line by line. */
const BLOCKS = 'address, article, aside, blockquote, dd, div, dl, dt, figcaption, figure, h1, h2, h3, h4, h5, h6, li, ol, p, pre, section, table, td, th, tr, ul';

/**
 * The text of untrusted HTML as lines, for comparing revisions: parsed inert (DOMParser runs no scripts and loads
 * nothing) and read as text only, so nothing of it is ever rendered as HTML. Each block element and each `<br>`
 * ends a line; text beside a nested block (a list item's own words before its sub-list) keeps a line of its own.
 */
export function htmlTextLines(html: string | null | undefined): string[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const lines: string[] = [];
  let line = '';
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text !== '') lines.push(text);
    line = '';
  };
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        line += child.textContent ?? '';
      } else if (child instanceof Element) {
        const block = child.tagName === 'BR' || child.matches(BLOCKS);
        if (block) endLine();
        walk(child);
        if (block) endLine();
      }
    }
  };
  walk(doc.body);
  endLine();
  return lines;
}
