import type { ReactNode } from 'react';
import { useSyncsWithHub } from '../../lib/use-syncs-with-hub.ts';

/**
 * What an import does on a device that syncs with a hub (decision 0131): the result stays on this computer, so the
 * screen says so before anything is imported. Nothing shows on an installation without a hub.
 */
export function HubImportNotice({ children }: { children: ReactNode }) {
  if (!useSyncsWithHub()) return null;
  return <p className="notice">{children}</p>;
}
