import {
  categorizeBulkWriteRows,
  type BulkWriteRow,
  type CategorizeBulkWriteRowsOutput,
  type RxDocumentData,
  type RxStorageInstance,
  type RxStorageWriteError,
} from 'rxdb';
import type { ChangeBulk, TableHandle } from './table-handle.ts';
import type { TableLayout } from './table-layout.ts';
import { compactIndexKey } from './index-key.ts';
import { encodeUtf16Be } from './utf16be.ts';

/**
 * A bulkWrite with this context writes every row or none: when any row fails (a stale `previous` revision, a
 * key that exists), nothing is written and only the failures are returned. RxDB's own contract writes the rows
 * that pass; multi-record domain changes (position shifts) must never be left half-done by one conflict.
 */
export const ALL_OR_NOTHING_CONTEXT = 'outpost-all-or-nothing';

export interface WriteOutcome<RxDocType> {
  errors: RxStorageWriteError<RxDocType>[];
  /** Undefined when nothing was written. */
  changes: ChangeBulk<RxDocType> | undefined;
}

/**
 * One bulkWrite as one `BEGIN IMMEDIATE` transaction: read the current rows, let RxDB decide what is an insert,
 * an update or a conflict (409 results, never exceptions), then write rows, attachments and the change counter.
 * Synchronous from BEGIN to COMMIT, so nothing else on this connection interleaves. The caller emits the
 * change events only once this has returned, i.e. after COMMIT; if anything throws, SQLite rolls back.
 */
export function writeRows<RxDocType>(
  instance: RxStorageInstance<RxDocType, unknown, unknown>,
  table: TableHandle<RxDocType>,
  rows: BulkWriteRow<RxDocType>[],
  context: string,
  attachmentBytes: ReadonlyMap<Blob, Buffer>,
): WriteOutcome<RxDocType> {
  return table.db.transaction(() => {
    const { layout, statements } = table;
    const primaryPath = layout.primaryPath as Extract<keyof RxDocType, string>;
    const docsInDb = new Map<string, RxDocumentData<RxDocType>>();
    for (const stored of statements.docsById(rows.map((row) => encodeUtf16Be(row.document[primaryPath] as string)), true)) {
      const doc = JSON.parse(stored) as RxDocumentData<RxDocType>;
      docsInDb.set(doc[primaryPath] as string, doc);
    }
    const categorized = categorizeBulkWriteRows<RxDocType>(instance, primaryPath, docsInDb, rows, context);
    if (categorized.errors.length > 0 && context === ALL_OR_NOTHING_CONTEXT) return { errors: categorized.errors, changes: undefined };
    const written = categorized.bulkInsertDocs.length + categorized.bulkUpdateDocs.length;
    if (written === 0) return { errors: categorized.errors, changes: undefined };

    let seq = statements.bumpSeq.get(written, layout.name)! - written;
    let last: RxDocumentData<RxDocType> | undefined;
    for (const { document } of categorized.bulkInsertDocs) {
      statements.insert.run(...columnValues(layout, document, ++seq));
      last = document;
    }
    for (const { document } of categorized.bulkUpdateDocs) {
      const values = columnValues(layout, document, ++seq);
      // UPDATE binds the id last, for its WHERE clause.
      values.push(values.shift()!);
      statements.update.run(...values);
      last = document;
    }
    writeAttachments(table, categorized, attachmentBytes);

    const changes = categorized.eventBulk as unknown as ChangeBulk<RxDocType>;
    changes.checkpoint = { id: last![primaryPath] as string, seq };
    return { errors: categorized.errors, changes };
  }).immediate();
}

function columnValues<RxDocType>(layout: TableLayout<RxDocType>, doc: RxDocumentData<RxDocType>, seq: number): [Buffer, ...unknown[]] {
  const values: [Buffer, ...unknown[]] = [
    encodeUtf16Be(doc[layout.primaryPath as keyof RxDocType] as string),
    seq,
    doc._deleted ? 1 : 0,
    doc._meta.lwt,
    JSON.stringify(doc),
  ];
  for (const indexString of layout.indexStrings) values.push(compactIndexKey(indexString(doc)));
  return values;
}

function writeAttachments<RxDocType>(
  table: TableHandle<RxDocType>,
  categorized: CategorizeBulkWriteRowsOutput<RxDocType>,
  attachmentBytes: ReadonlyMap<Blob, Buffer>,
): void {
  const statements = table.statements.attachments;
  if (!statements) return;
  for (const attachment of [...categorized.attachmentsAdd, ...categorized.attachmentsUpdate]) {
    const bytes = attachmentBytes.get(attachment.attachmentData.data);
    if (!bytes) throw new Error(`attachment ${attachment.attachmentId} of ${attachment.documentId} was not read before the write`);
    statements.upsert.run(
      encodeUtf16Be(attachment.documentId),
      encodeUtf16Be(attachment.attachmentId),
      attachment.digest,
      attachment.attachmentData.type,
      bytes,
    );
  }
  for (const attachment of categorized.attachmentsRemove) {
    statements.remove.run(encodeUtf16Be(attachment.documentId), encodeUtf16Be(attachment.attachmentId));
  }
}

/** Blobs can only be read asynchronously, so their bytes are fetched before the synchronous transaction. */
export async function readAttachmentBytes<RxDocType>(rows: readonly BulkWriteRow<RxDocType>[]): Promise<Map<Blob, Buffer>> {
  const blobs: Blob[] = [];
  for (const row of rows) {
    for (const attachment of Object.values(row.document._attachments ?? {})) {
      if ('data' in attachment) blobs.push(attachment.data);
    }
  }
  const bytes = await Promise.all(blobs.map(async (blob) => Buffer.from(await blob.arrayBuffer())));
  return new Map(blobs.map((blob, i) => [blob, bytes[i]!]));
}
