import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html.ts';

interface SafeHtmlFrameProps {
  /** Untrusted course HTML (a page body, an assignment description). */
  html: string;
  /** The frame's accessible name, e.g. "Assignment description". */
  title: string;
}

/*
 * Untrusted HTML is shown sanitized and inside an iframe sandbox without allow-scripts: even markup that beat both
 * sanitizers cannot run script, so it cannot reach the app's DOM or act as the signed-in person. allow-same-origin
 * is there only so the app can read the content's height and size the frame to it (decision 0024); it is safe because
 * the frame has no script of its own to use that origin (the known escape needs allow-scripts too). The frame
 * inherits the app's CSP. Popups are allowed so that links open in a context of their own.
 */
const SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

export function SafeHtmlFrame({ html, title }: SafeHtmlFrameProps) {
  const srcDoc = useMemo(() => frameDocument(sanitizeHtml(html)), [html]);
  const frame = useRef<HTMLIFrameElement>(null);
  const fitContent = useFrameFitsContent(frame);
  return (
    <iframe
      ref={frame}
      className="safe-html-frame"
      sandbox={SANDBOX}
      srcDoc={srcDoc}
      title={title}
      data-testid="safe-html-frame"
      onLoad={fitContent}
    />
  );
}

/**
 * Keeps the frame exactly as tall as its content, so the page scrolls as one and nothing scrolls inside the frame:
 * measured when the content loads and whenever it reflows (late images, a narrower window).
 */
function useFrameFitsContent(frame: RefObject<HTMLIFrameElement | null>): () => void {
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return () => {
    const element = frame.current;
    const content = element?.contentDocument?.documentElement;
    if (!element || !content) return;
    // The root's own box, not its scrollHeight: scrollHeight never drops below the frame's current height, so the
    // frame could grow but never shrink back.
    const fit = () => {
      element.style.height = `${Math.ceil(content.getBoundingClientRect().height)}px`;
    };
    observer.current?.disconnect();
    observer.current = new ResizeObserver(fit);
    observer.current.observe(content);
    fit();
  };
}

/** A whole document, so the content gets the app's reading styles (a same-origin stylesheet the CSP allows). */
function frameDocument(cleanBody: string): string {
  const stylesheet = new URL('content-frame.css', document.baseURI).href;
  return `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="${stylesheet}"></head><body>${cleanBody}</body></html>`;
}
