import { FormattedMessage } from 'react-intl';
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
  const when = formatDateTime(draft.savedAt);
  return (
    <div role="status" className="notice">
      <p>
        {/* Two whole sentences rather than a fallback phrase put into one: "from {when}" and "from an earlier visit" are built differently in other languages. */}
        {when ? (
          <FormattedMessage id="components.draft.keptAt" defaultMessage="Unsaved changes from {when} were kept on this computer." values={{ when }} description="{when}: a date and time." />
        ) : (
          <FormattedMessage id="components.draft.kept" defaultMessage="Unsaved changes from an earlier visit were kept on this computer." />
        )}
      </p>
      <div className="button-row">
        <button type="button" onClick={onRestore}>
          <FormattedMessage id="components.draft.restore" defaultMessage="Restore draft" />
        </button>
        <button type="button" onClick={onDiscard}>
          <FormattedMessage id="components.draft.discard" defaultMessage="Discard draft" />
        </button>
      </div>
    </div>
  );
}
