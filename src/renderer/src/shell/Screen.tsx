import type { ReactNode } from 'react';
import { ScreenHeading } from './ScreenHeading.tsx';
import { useDocumentTitle } from './use-document-title.ts';

interface ScreenProps {
  /** The h1, and the document title's first part. */
  title: string;
  narrow?: boolean;
  children?: ReactNode;
}

/** One screen: its landmark, its h1 (which takes focus on navigation) and its own document title. */
export function Screen({ title, narrow = false, children }: ScreenProps) {
  useDocumentTitle(title);
  return (
    <main className={narrow ? 'page narrow' : 'page'}>
      <ScreenHeading>{title}</ScreenHeading>
      {children}
    </main>
  );
}
