import { lazy, Suspense, type ComponentProps } from 'react';
import { FormattedMessage } from 'react-intl';

/** The editor (Tiptap and ProseMirror) is most of the UI's code by size: it loads with the first form that needs it. */
const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

/** The rich-text editor, with a status line while its code loads. */
export function LazyRichTextEditor(props: ComponentProps<typeof RichTextEditor>) {
  return (
    <Suspense
      fallback={
        <p role="status" className="muted">
          <FormattedMessage id="submissions.editor.loading" defaultMessage="Loading the editor…" />
        </p>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
