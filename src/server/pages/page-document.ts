import { createHash } from 'node:crypto';
import type { OutpostLocale } from '../../contracts/locales.ts';
import { documentLanguage, escapeHtml } from './page-intl.ts';

/** The style of the server's own pages; logical properties, so right-to-left languages lay out as mirrored. */
const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1f2328; }
main { max-inline-size: 32rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px #0003; }
h1 { font-size: 1.4rem; margin-block-start: 0; }
label { display: block; margin-block-start: 1rem; font-weight: 600; }
input { inline-size: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
.actions { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin-block-start: 1.5rem; }
button { padding: .5rem 1.25rem; font: inherit; background: #0b57d0; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
code { overflow-wrap: anywhere; }
[role=alert]:empty { display: none; }
[role=alert] { color: #a40e26; }
`;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Only the page's own inline style (and script, when it has one), allowed by their hashes; never framed. */
export function pageCsp(script?: string): string {
  return [
    "default-src 'none'",
    ...(script === undefined ? [] : [`script-src ${hashOf(script)}`, "connect-src 'self'"]),
    `style-src ${hashOf(STYLE)}`,
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export interface PageParts {
  locale: OutpostLocale;
  /** Plain text; escaped here. */
  title: string;
  /** The `<main>`'s HTML, already escaped. */
  main: string;
  script?: string;
}

export function pageDocument(page: PageParts): string {
  return `<!doctype html>
<html ${documentLanguage(page.locale)}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${page.main}
</main>
${page.script === undefined ? '' : `<script>${page.script}</script>\n`}</body>
</html>
`;
}
