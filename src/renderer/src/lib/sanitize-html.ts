/**
 * The renderer's own allow-list sanitizer for course HTML (page bodies, assignment descriptions). The server already
 * sanitizes what it stores; this second pass keeps the UI safe against anything that slipped through or arrived by
 * replication, and the result is still shown only inside a sandboxed iframe without scripts (SafeHtmlFrame).
 *
 * DOMParser builds an inert document: its scripts never run and its images never load while we walk it.
 */

const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'div', 'dl', 'dt', 'em', 'figcaption',
  'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's',
  'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);

/** Dropped with everything inside: their content is code, markup-as-text or a foreign parser's (SVG, MathML). */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math',
  'xmp', 'noembed', 'noframes', 'plaintext', 'title', 'textarea', 'select', 'option', 'button', 'form', 'input', 'link',
  'meta', 'base', 'head',
]);

const ALLOWED_ATTRIBUTES: Partial<Record<string, ReadonlySet<string>>> = {
  a: new Set(['href', 'title']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  ol: new Set(['start', 'type']),
  abbr: new Set(['title']),
};

const URL_ATTRIBUTES = new Set(['href', 'src']);
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}

function cleanChildren(parent: Element): void {
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (!(child instanceof Element)) {
      child.remove(); // comments, processing instructions
      continue;
    }
    const tag = child.localName;
    if (DROPPED_WITH_CONTENT.has(tag) || child.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      child.remove();
    } else if (ALLOWED_TAGS.has(tag)) {
      cleanAttributes(child);
      cleanChildren(child);
    } else {
      // An unknown but harmless wrapper (e.g. <font>, <center>): keep its cleaned content, lose the element.
      cleanChildren(child);
      child.replaceWith(...Array.from(child.childNodes));
    }
  }
}

function cleanAttributes(element: Element): void {
  const allowed = ALLOWED_ATTRIBUTES[element.localName];
  for (const name of element.getAttributeNames()) {
    const value = element.getAttribute(name) ?? '';
    if (!allowed?.has(name) || (URL_ATTRIBUTES.has(name) && !isSafeUrl(value))) element.removeAttribute(name);
  }
  // Links leave the frame for a new context, without telling the target where they came from.
  if (element.localName === 'a' && element.hasAttribute('href')) {
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer');
  }
}

/** Absolute http(s)/mailto only: a relative URL would resolve against the app's own origin, where the API lives. */
function isSafeUrl(value: string): boolean {
  try {
    return SAFE_SCHEMES.has(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}
