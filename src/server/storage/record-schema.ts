import type { RxJsonSchema } from 'rxdb';

/**
 * Every stored record, whatever its entity type, has this envelope. RxDB's open core allows only a handful of
 * collections per process, so entity types share collections by sync partition and are told apart by `type`;
 * the shared slots below carry the indexes every type needs, and the per-type shape lives in `data`, validated
 * by the domain layer.
 */
export interface StoredRecord<TData extends object = Record<string, unknown>> {
  /** Primary key: `${type}:${id}`. */
  key: string;
  type: string;
  id: number;
  /** 0 when the record belongs to no course / user / parent. */
  course_id: number;
  user_id: number;
  parent_id: number;
  /** Type-specific order within a parent or course (e.g. zero-padded position + title); '' when unordered. */
  sort_key: string;
  /** Type-specific unique lookup (token hash, login, slug, SIS id); '' when none. */
  lookup_key: string;
  created_at: number;
  updated_at: number;
  /** Who made the change and in which request: webhooks and sync conflict reports need both. */
  updated_by: number;
  request_id: string;
  data: TData;
}

// RxDB index strings need bounded numbers and strings.
const id = { type: 'number', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 } as const;
const millis = { type: 'number', minimum: 0, maximum: 8_640_000_000_000_000, multipleOf: 1 } as const;
const shortText = (maxLength: number) => ({ type: 'string', maxLength }) as const;

const VERSION_0: RxJsonSchema<StoredRecord> = {
    version: 0,
    primaryKey: 'key',
    type: 'object',
    properties: {
      key: shortText(120),
      type: shortText(48),
      id,
      course_id: id,
      user_id: id,
      parent_id: id,
      sort_key: shortText(300),
      lookup_key: shortText(300),
      created_at: millis,
      updated_at: millis,
      updated_by: id,
      request_id: shortText(64),
      data: { type: 'object' },
    },
    required: [
      'key', 'type', 'id', 'course_id', 'user_id', 'parent_id', 'sort_key', 'lookup_key',
      'created_at', 'updated_at', 'updated_by', 'request_id', 'data',
    ],
    indexes: [
      ['type', 'lookup_key'],
      ['type', 'course_id', 'sort_key'],
      ['type', 'parent_id', 'sort_key'],
      ['type', 'user_id', 'course_id'],
    ],
};

/**
 * The schema history: index i is schema version i. A version's migration re-derives what the domain stores, so the
 * strategies live in the domain (domain/record-migrations.ts): append a version here together with its strategy there.
 */
export const RECORD_SCHEMAS: ReadonlyArray<RxJsonSchema<StoredRecord>> = [
  VERSION_0,
  // Same shape; submissions fill their sort_key slot.
  { ...VERSION_0, version: 1 },
];


export function currentRecordSchema(): RxJsonSchema<StoredRecord> {
  const latest = RECORD_SCHEMAS.at(-1);
  if (!latest) throw new Error('RECORD_SCHEMAS is empty');
  return latest;
}
