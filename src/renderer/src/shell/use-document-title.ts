import { useEffect } from 'react';

/**
 * Sets the window/tab title to the screen's own name, most specific part first ("Modules · Biology · Outpost").
 * Called without parts it leaves the title alone: a layout whose inner view names the screen.
 */
export function useDocumentTitle(...parts: Array<string | undefined>): void {
  const named = parts.filter((part): part is string => Boolean(part));
  const title = named.length ? [...named, 'Outpost'].join(' · ') : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
