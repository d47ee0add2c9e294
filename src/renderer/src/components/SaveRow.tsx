/** A form's `Save` button (and `Cancel` when the form can be left unsaved), and a status line while the save is on its way. */
export function SaveRow({ pending, onCancel }: { pending: boolean; onCancel?: () => void }) {
  return (
    <div className="button-row">
      <button type="submit" disabled={pending}>
        Save
      </button>
      {onCancel && (
        <button type="button" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      )}
      {pending && (
        <span role="status" className="muted">
          Saving…
        </span>
      )}
    </div>
  );
}
