import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html.ts';

interface SafeHtmlFrameProps {
  /** Untrusted course HTML (a page body, an assignment description). */
  html: string;
  /** The frame's accessible name, e.g. "Assignment description". */
  title: string;
}

/*
 * Untrusted HTML is shown sanitized and inside an iframe sandbox without allow-scripts or allow-same-origin: even
 * markup that beat both sanitizers could not run script, reach the app's DOM or the in-memory token. The frame
 * inherits the app's CSP too. Popups are allowed only so that links open in a context of their own.
 */
const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

export function SafeHtmlFrame({ html, title }: SafeHtmlFrameProps) {
  const srcDoc = useMemo(() => frameDocument(sanitizeHtml(html)), [html]);
  return <iframe className="safe-html-frame" sandbox={SANDBOX} srcDoc={srcDoc} title={title} data-testid="safe-html-frame" />;
}

/** A whole document, so the content gets the app's reading styles (a same-origin stylesheet the CSP allows). */
function frameDocument(cleanBody: string): string {
  const stylesheet = new URL('content-frame.css', document.baseURI).href;
  return `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="${stylesheet}"></head><body>${cleanBody}</body></html>`;
}
