/** A form's `Save` button, and a status line while the save is on its way. */
export function SaveRow({ pending }: { pending: boolean }) {
  return (
    <div className="button-row">
      <button type="submit" disabled={pending}>
        Save
      </button>
      {pending && (
        <span role="status" className="muted">
          Saving…
        </span>
      )}
    </div>
  );
}
