import {
  createRevision,
  fillWithDefaultSettings,
  randomToken,
  type BulkWriteRow,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
} from 'rxdb';

/** A small document type with a string index, a compound number+string index and attachments allowed. */
export interface Item {
  id: string;
  name: string;
  score: number;
}

/** As a collection declares it. */
export const ITEM_JSON_SCHEMA: RxJsonSchema<Item> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    name: { type: 'string', maxLength: 30 },
    score: { type: 'number', minimum: 0, maximum: 1000, multipleOf: 1 },
  },
  required: ['id', 'name', 'score'],
  indexes: ['name', ['score', 'name']],
  attachments: {},
};

/** As RxDB hands it to the storage. */
export const ITEM_SCHEMA: RxJsonSchema<RxDocumentData<Item>> = fillWithDefaultSettings(ITEM_JSON_SCHEMA);

export type ItemInstance = RxStorageInstance<Item, unknown, unknown>;

/** A storage instance as an RxDatabase would create it for one collection (single process, no dev-mode). */
export function openInstance<RxDocType>(
  storage: RxStorage<unknown, unknown>,
  schema: RxJsonSchema<RxDocumentData<RxDocType>>,
  databaseName: string,
  collectionName: string,
): Promise<RxStorageInstance<RxDocType, unknown, unknown>> {
  return storage.createStorageInstance<RxDocType>({
    databaseInstanceToken: randomToken(10),
    databaseName,
    collectionName,
    schema,
    options: {},
    multiInstance: false,
    devMode: false,
  });
}

export function openItems(storage: RxStorage<unknown, unknown>, databaseName: string, collectionName = 'items'): Promise<ItemInstance> {
  return openInstance(storage, ITEM_SCHEMA, databaseName, collectionName);
}

const WRITER = randomToken(10);

/** The row RxDB itself would send: a fresh revision on top of `previous`, and the given write time. */
export function itemRow(
  item: Item,
  previous?: RxDocumentData<Item>,
  overrides: Partial<RxDocumentData<Item>> = {},
): BulkWriteRow<Item> {
  return {
    previous,
    document: {
      ...item,
      _deleted: false,
      _attachments: {},
      _rev: createRevision(WRITER, previous),
      _meta: { lwt: Date.now() },
      ...overrides,
    },
  };
}
