import { useEffect, useState } from 'react';
import { useDraft, type SavedDraft } from './use-draft.ts';

export interface DraftedForm<T> {
  values: T;
  /** The person changed some fields: kept in state and, from the first change on, as the draft. */
  change: (patch: Partial<T>) => void;
  /** `change` worked out from the values as they are by then: for answers arriving one after another while a save runs. */
  changeWith: (patch: (current: T) => Partial<T>) => void;
  /** Bumped when a restored draft replaces the values: a rich-text editor keyed by it mounts with the new text. */
  generation: number;
  offered?: SavedDraft<T>;
  restoreDraft: () => void;
  discardDraft: () => void;
  /** After a successful save: the draft has done its job. */
  saved: () => void;
}

/** A form's values with a local draft behind them (see useDraft); opening the form alone writes no draft. */
export function useDraftedForm<T extends object>(courseId: number, record: string, initial: () => T): DraftedForm<T> {
  const draft = useDraft<T>(courseId, record);
  const [values, setValues] = useState(initial);
  const [edited, setEdited] = useState(false);
  const [generation, setGeneration] = useState(0);
  const { keep } = draft;

  useEffect(() => {
    if (edited) keep(values);
  }, [edited, values, keep]);

  return {
    values,
    change: (patch) => {
      setEdited(true);
      setValues((current) => ({ ...current, ...patch }));
    },
    changeWith: (patch) => {
      setEdited(true);
      setValues((current) => ({ ...current, ...patch(current) }));
    },
    generation,
    offered: draft.offered,
    restoreDraft: () => {
      const kept = draft.restore();
      if (kept) setValues(kept);
      setGeneration((n) => n + 1);
    },
    discardDraft: draft.drop,
    saved: draft.drop,
  };
}
