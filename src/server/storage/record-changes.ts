import type { RxDocumentData } from 'rxdb';
import type { StoredRecord } from './record-schema.ts';
import type { TypedRecords } from './typed-records.ts';

/** A committed write of one record: as it was (none for an insert), as it is, and whether it is gone now. */
export interface RecordChange<TData extends object> {
  readonly before: RxDocumentData<StoredRecord<TData>> | undefined;
  readonly after: RxDocumentData<StoredRecord<TData>>;
  readonly gone: boolean;
}

/**
 * Calls `apply` for every committed write of the type's records, from the collection's change events: RxDB emits
 * them synchronously as a write commits, which is what lets memory kept beside the storage be as current as it.
 */
export function onRecordChanges<TData extends object>(records: TypedRecords<TData>, apply: (change: RecordChange<TData>) => void): void {
  records.collection.$.subscribe((event) => {
    const after = event.documentData as RxDocumentData<StoredRecord<TData>>;
    if (after.type !== records.type) return;
    const before = event.previousDocumentData as RxDocumentData<StoredRecord<TData>> | undefined;
    apply({ before, after, gone: event.operation === 'DELETE' || after._deleted });
  });
}
