import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitizer for HTML that users write and others read (page bodies now; submission bodies and discussion
 * messages can reuse it). Students write HTML and teachers view it, so this is the server half of the renderer-XSS
 * defence (docs/architecture.md §5.5, §9): an allow-list, never a deny-list.
 *
 * Kept out on purpose: script and anything that runs code or loads a document (iframe, object, embed, svg, math,
 * template), forms and their controls (sanitize-html once passed `javascript:` through `formaction`), `style`
 * elements and attributes (CSS can exfiltrate and spoof UI), event handlers, `id`/`class` (DOM clobbering and
 * spoofing the app's own classes), and any URL scheme other than http(s) and mailto — so no `javascript:`,
 * `data:` or `vbscript:`. Plain http stays allowed: it runs no code, and mixed content is the renderer CSP's job.
 */
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'span', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var',
  'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'cite', 'q', 'time',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption', 'details', 'summary',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];

const ALLOWED_ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  '*': ['title', 'lang', 'dir'],
  a: ['href', 'name'],
  img: ['src', 'alt', 'width', 'height'],
  ol: ['start', 'type'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  time: ['datetime'],
  abbr: ['title'],
};

/** Elements dropped together with their content: text inside them was never meant to be shown. */
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'select', 'noscript', 'noembed', 'noframes', 'xmp', 'plaintext', 'iframe',
  'frame', 'frameset', 'object', 'embed', 'applet', 'template', 'svg', 'math', 'title', 'head',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'background', 'poster'],
  // `//evil.example/x` would inherit the app's scheme; only same-document relative links stay.
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** Safe HTML for storage and display; text stays, markup outside the allow-list goes. */
export function sanitizeUserHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
