import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/**
 * Sets the window/tab title to the screen's own name, most specific part first ("Modules · Biology · Outpost").
 * Called without parts it leaves the title alone: a layout whose inner view names the screen.
 */
export function useDocumentTitle(...parts: Array<string | undefined>): void {
  const appName = useIntl().formatMessage({ id: 'app.name', defaultMessage: 'Outpost', description: 'The product name; keep it unless it is usually written in another script.' });
  const named = parts.filter((part): part is string => Boolean(part));
  const title = named.length ? [...named, appName].join(' · ') : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
