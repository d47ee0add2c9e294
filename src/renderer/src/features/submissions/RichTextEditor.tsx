import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';

interface RichTextEditorProps {
  label: string;
  /** The HTML it opens with (what the person wrote before switching away and back). */
  initialHtml: string;
  /** Called with the editor's HTML, or '' when it holds no text. */
  onChange: (html: string) => void;
  disabled?: boolean;
}

/**
 * A rich-text box (Tiptap over ProseMirror): paragraphs, headings, lists, bold, italic, links. Its HTML is untrusted
 * like any other: the server sanitizes it before storing, and it is shown back only through SafeHtmlFrame.
 */
export function RichTextEditor({ label, initialHtml, onChange, disabled = false }: RichTextEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit],
    content: initialHtml,
    editable: !disabled,
    // Tiptap would add a <style> element, which the UI's CSP (style-src 'self') refuses; app.css has those rules.
    injectCSS: false,
    editorProps: {
      // The editable area is the textbox; the label above names it.
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, class: 'rich-text-input' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div className="field">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} className="rich-text" />
    </div>
  );
}

const words: Messages<'bold' | 'italic' | 'bulletList' | 'orderedList' | 'toolbar'> = defineMessages({
  bold: { id: 'submissions.editor.bold', defaultMessage: 'Bold' },
  italic: { id: 'submissions.editor.italic', defaultMessage: 'Italic' },
  bulletList: { id: 'submissions.editor.bulletList', defaultMessage: 'Bulleted list' },
  orderedList: { id: 'submissions.editor.orderedList', defaultMessage: 'Numbered list' },
  toolbar: { id: 'submissions.editor.toolbar', defaultMessage: '{field} formatting', description: 'The formatting toolbar\'s name; {field}: the text box\'s label, e.g. “Your answer”.' },
});

// The mark's name is also Tiptap's: it says which mark the button toggles and whether it is active.
const MARKS = [
  { name: 'bold', run: (e: Editor) => e.chain().focus().toggleBold().run() },
  { name: 'italic', run: (e: Editor) => e.chain().focus().toggleItalic().run() },
  { name: 'bulletList', run: (e: Editor) => e.chain().focus().toggleBulletList().run() },
  { name: 'orderedList', run: (e: Editor) => e.chain().focus().toggleOrderedList().run() },
] as const;

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const intl = useIntl();
  // Re-renders only when a button's pressed state changes, not on every keystroke.
  const pressed = useEditorState({ editor, selector: ({ editor: e }) => MARKS.map((m) => e.isActive(m.name)) });
  return (
    <div role="toolbar" aria-label={intl.formatMessage(words.toolbar, { field: label })} className="rich-text-toolbar">
      {MARKS.map((mark, i) => (
        // A pointer press leaves the focus in the text: the editor hands focus back only on the next frame, and a
        // key typed before that went to the button (a space pressed it again and was lost).
        <button key={mark.name} type="button" aria-pressed={pressed[i]} disabled={!editor.isEditable} onMouseDown={(e) => e.preventDefault()} onClick={() => mark.run(editor)}>
          {intl.formatMessage(words[mark.name])}
        </button>
      ))}
    </div>
  );
}
