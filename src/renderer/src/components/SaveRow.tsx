import { FormattedMessage } from 'react-intl';
import { common } from '../i18n/common-messages.ts';

/** A form's `Save` button (and `Cancel` when the form can be left unsaved), and a status line while the save is on its way. */
export function SaveRow({ pending, onCancel }: { pending: boolean; onCancel?: () => void }) {
  return (
    <div className="button-row">
      <button type="submit" disabled={pending}>
        <FormattedMessage {...common.save} />
      </button>
      {onCancel && (
        <button type="button" onClick={onCancel} disabled={pending}>
          <FormattedMessage {...common.cancel} />
        </button>
      )}
      {pending && (
        <span role="status" className="muted">
          <FormattedMessage id="components.saveRow.saving" defaultMessage="Saving…" />
        </span>
      )}
    </div>
  );
}
