import { formatDateTime } from '../lib/format.ts';
import type { SavedDraft } from '../lib/use-draft.ts';

interface DraftNoticeProps {
  draft: SavedDraft<unknown> | undefined;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offers back what a form held when it was last left unsaved. */
export function DraftNotice({ draft, onRestore, onDiscard }: DraftNoticeProps) {
  if (!draft) return null;
  return (
    <div role="status" className="notice">
      <p>Unsaved changes from {formatDateTime(draft.savedAt) ?? 'an earlier visit'} were kept on this computer.</p>
      <div className="button-row">
        <button type="button" onClick={onRestore}>
          Restore draft
        </button>
        <button type="button" onClick={onDiscard}>
          Discard draft
        </button>
      </div>
    </div>
  );
}
