import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { SyncConflict } from '../../../../contracts/session-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { FormError } from '../../components/FormError.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useConflictReviewStore } from '../../stores/conflict-review-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { conflictSubject, editableText, fieldDifferences, parseEdited, type FieldDifference } from './conflict-fields.ts';

/** Each recorded conflict with both versions side by side; the person keeps one or writes a merged one. */
export function ConflictReviewScreen() {
  const conflicts = useResource(resources.conflicts());
  return (
    <Screen title="Review conflicts">
      <p className="breadcrumbs">
        <Link to={paths.syncDetails()}>Sync details</Link>
      </p>
      <Loaded value={conflicts} what="the conflicts">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">No conflicts wait for you.</p>
          ) : (
            list.map((conflict) => <ConflictCard key={conflict.id} conflict={conflict} />)
          )
        }
      </Loaded>
    </Screen>
  );
}

function ConflictCard({ conflict }: { conflict: SyncConflict }) {
  const headingId = `conflict-${conflict.id}`;
  const differences = fieldDifferences(conflict);
  const resolving = useConflictReviewStore((s) => s.resolvingId === conflict.id);
  const failure = useConflictReviewStore((s) => (s.failure?.conflictId === conflict.id ? s.failure.message : undefined));
  const resolveClicked = useConflictReviewStore((s) => s.resolveClicked);
  const [editing, setEditing] = useState(false);
  const subject = conflictSubject(conflict);

  return (
    <section className="panel conflict" aria-labelledby={headingId}>
      <h2 id={headingId}>{subject}</h2>
      <p className="muted">Changed on this device and on the hub · {formatDateTime(conflict.detected_at)}</p>
      <FormError message={failure} />
      <table className="data-table">
        <caption className="visually-hidden">Differences in {subject}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">This device</th>
            <th scope="col">Hub</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr key={d.field}>
              <th scope="row">{d.field}</th>
              <td className="value-cell">{editableText(d.device)}</td>
              <td className="value-cell">{editableText(d.hub)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing ? (
        <MergedEditor
          differences={differences}
          disabled={resolving}
          onCancel={() => setEditing(false)}
          onSave={(merged) => void resolveClicked(conflict.id, 'merged', { ...(conflict.kept?.data ?? conflict.pushed.data), ...merged })}
        />
      ) : (
        <div className="button-row">
          <button type="button" disabled={resolving} onClick={() => void resolveClicked(conflict.id, 'device')}>
            Keep this device&apos;s version
          </button>
          <button type="button" disabled={resolving} onClick={() => void resolveClicked(conflict.id, 'hub')}>
            Keep the hub&apos;s version
          </button>
          <button type="button" disabled={resolving} onClick={() => setEditing(true)}>
            Edit a merged version
          </button>
        </div>
      )}
    </section>
  );
}

interface MergedEditorProps {
  differences: FieldDifference[];
  disabled: boolean;
  onCancel: () => void;
  onSave: (merged: Record<string, unknown>) => void;
}

/** One box per differing field, starting from the hub's value. */
function MergedEditor({ differences, disabled, onCancel, onSave }: MergedEditorProps) {
  const idPrefix = useId();
  const [texts, setTexts] = useState(() => Object.fromEntries(differences.map((d) => [d.field, editableText(d.hub ?? d.device)])));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onSave(Object.fromEntries(differences.map((d) => [d.field, parseEdited(texts[d.field] ?? '', d.hub ?? d.device)])));
  }

  return (
    <form className="stacked-form" onSubmit={onSubmit} aria-label="Merged version">
      {differences.map((d) => (
        <div className="field" key={d.field}>
          <label htmlFor={`${idPrefix}-${d.field}`}>{d.field}</label>
          <textarea
            id={`${idPrefix}-${d.field}`}
            value={texts[d.field] ?? ''}
            rows={3}
            onChange={(e) => setTexts((t) => ({ ...t, [d.field]: e.target.value }))}
          />
        </div>
      ))}
      <div className="button-row">
        <button type="submit" disabled={disabled}>
          Save merged version
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
