import { onRecordChanges } from './record-changes.ts';
import type { TypedRecords } from './typed-records.ts';

/** One record's value of the field before and after a committed write (null: none, or the record is gone). */
interface FieldChange {
  readonly id: number;
  readonly before: string | null;
  readonly after: string | null;
}

/**
 * The ids of one type's records by the value of one field of their data, kept in memory: for lookups by a field no
 * index slot holds (a user's SIS id), which the storage could only answer by reading every record of the type. The
 * whole type is read once, when first asked; from then on the collection's change events keep it current. RxDB
 * emits those synchronously as a write commits, so a lookup that starts after a write returned sees it; changes
 * committed while the first read runs are applied after it, in order (each moves one id from its old value to its
 * new one, so the result is the same whether the read saw the change or not). Costs a string and an id per record
 * that has a value.
 */
export class DataFieldIndex<TData extends object> {
  readonly #records: TypedRecords<TData>;
  readonly #field: string;
  #byValue: Map<string, Set<number>> | undefined;
  #building: Promise<Map<string, Set<number>>> | undefined;
  /** Changes seen while the first read runs (undefined otherwise). */
  #waiting: FieldChange[] | undefined;

  constructor(records: TypedRecords<TData>, field: string) {
    this.#records = records;
    this.#field = field;
    onRecordChanges(records, ({ before, after, gone }) => {
      const change: FieldChange = { id: after.id, before: before ? this.#valueOf(before.data) : null, after: gone ? null : this.#valueOf(after.data) };
      if (this.#byValue) apply(this.#byValue, change);
      else this.#waiting?.push(change);
    });
  }

  /** The ids of the records whose field holds `value`, ascending. */
  async ids(value: string): Promise<number[]> {
    const index = this.#byValue ?? (await (this.#building ??= this.#build()));
    return [...(index.get(value) ?? [])].sort((a, b) => a - b);
  }

  async #build(): Promise<Map<string, Set<number>>> {
    this.#waiting = [];
    try {
      const index = new Map<string, Set<number>>();
      for (const record of await this.#records.find({})) apply(index, { id: record.id, before: null, after: this.#valueOf(record.data) });
      for (const change of this.#waiting) apply(index, change);
      this.#byValue = index;
      return index;
    } finally {
      // On a failed read the next lookup tries again.
      this.#waiting = undefined;
      this.#building = undefined;
    }
  }

  #valueOf(data: TData): string | null {
    const value = (data as Record<string, unknown>)[this.#field];
    return typeof value === 'string' && value !== '' ? value : null;
  }
}

function apply(index: Map<string, Set<number>>, { id, before, after }: FieldChange): void {
  if (before !== null) {
    const ids = index.get(before);
    ids?.delete(id);
    if (ids?.size === 0) index.delete(before);
  }
  if (after !== null) index.set(after, (index.get(after) ?? new Set()).add(id));
}
