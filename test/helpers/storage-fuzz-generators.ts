import { fillWithDefaultSettings, type MangoQuery, type MangoQuerySelector, type RxDocumentData, type RxJsonSchema } from 'rxdb';
import type { Random } from './storage-random.ts';

/** Indexed string, decimal number and boolean fields, an unindexed string and an optional one (for $exists). */
export interface FuzzDoc {
  id: string;
  str: string;
  num: number;
  flag: boolean;
  note: string;
  opt?: string;
}

export const FUZZ_SCHEMA: RxJsonSchema<RxDocumentData<FuzzDoc>> = fillWithDefaultSettings<FuzzDoc>({
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 24 },
    str: { type: 'string', maxLength: 12 },
    num: { type: 'number', minimum: 0, maximum: 100, multipleOf: 0.5 },
    flag: { type: 'boolean' },
    note: { type: 'string' },
    opt: { type: 'string' },
  },
  required: ['id', 'str', 'num', 'flag', 'note'],
  indexes: ['str', ['num', 'str'], ['flag', 'num'], ['str', 'flag']],
});

/**
 * Code units that stress ordering: controls below the space used for padding, characters outside the BMP
 * (surrogate pairs), lone high and low surrogates, private use, U+FFFD and U+FFFF (RxDB's INDEX_MAX).
 */
const UNITS = [
  'a', 'b', 'B', 'z', '0', '~', ' ', 'é', '\u0000', '\u0001', '\t', '\n', '\u{1F600}', '\u{10000}', '\u{10FFFF}',
  '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uE000', '\uFFFD', '\uFFFF',
];

/** At most 6 units, each at most 2 code units: fits maxLength 12. */
export function randomText(random: Random, maxUnits = 6): string {
  let text = '';
  for (let i = random.int(maxUnits + 1); i > 0; i--) text += random.pick(UNITS);
  return text;
}

export function randomNumber(random: Random): number {
  return random.int(201) / 2;
}

export function randomFields(random: Random): Omit<FuzzDoc, 'id'> {
  const fields: Omit<FuzzDoc, 'id'> = {
    str: random.chance(0.3) ? random.pick(['a', 'b', 'ab', '']) : randomText(random),
    num: random.chance(0.3) ? random.pick([0, 1, 50, 100]) : randomNumber(random),
    flag: random.chance(0.5),
    note: randomText(random, 4),
  };
  if (random.chance(0.5)) fields.opt = randomText(random, 3);
  return fields;
}

type FieldName = 'str' | 'num' | 'flag' | 'note' | 'opt';

function sampleValue(random: Random, docs: readonly FuzzDoc[], field: FieldName): string | number | boolean | undefined {
  if (docs.length > 0 && random.chance(0.7)) return random.pick(docs)[field];
  if (field === 'num') return randomNumber(random);
  if (field === 'flag') return random.chance(0.5);
  return randomText(random);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function fieldCondition(random: Random, docs: readonly FuzzDoc[]): MangoQuerySelector<FuzzDoc> {
  const field = random.pick<FieldName>(['str', 'str', 'num', 'num', 'flag', 'note', 'opt']);
  const value = () => sampleValue(random, docs, field) ?? '';
  const values = () => Array.from({ length: 1 + random.int(4) }, value);
  switch (random.pick(['$eq', '$ne', 'range', 'range', '$in', '$nin', '$exists', '$regex'] as const)) {
    case '$eq':
      return { [field]: random.chance(0.5) ? value() : { $eq: value() } };
    case '$ne':
      return { [field]: { $ne: value() } };
    case 'range': {
      const lower = random.pick(['$gt', '$gte', undefined]);
      const upper = random.pick(['$lt', '$lte', undefined]);
      const condition: Record<string, unknown> = {};
      if (lower) condition[lower] = value();
      if (upper || !lower) condition[upper ?? '$lte'] = value();
      return { [field]: condition };
    }
    case '$in':
      return { [field]: { $in: values() } };
    case '$nin':
      return { [field]: { $nin: values() } };
    case '$exists':
      return { opt: { $exists: random.chance(0.5) } };
    case '$regex': {
      const text = String(sampleValue(random, docs, random.pick(['str', 'note'] as const)) ?? '');
      const start = random.int(text.length + 1);
      const part = escapeRegex(text.slice(start, start + 1 + random.int(2)));
      return { [random.pick(['str', 'note'])]: { $regex: random.chance(0.3) ? `^${part}` : part } };
    }
  }
}

/** A random Mango query over live documents (usually, like RxQuery) with sort, skip and limit. */
export function randomQuery(random: Random, docs: readonly FuzzDoc[]): MangoQuery<RxDocumentData<FuzzDoc>> {
  let selector: MangoQuerySelector<RxDocumentData<FuzzDoc>> = {};
  for (let i = random.int(3); i > 0; i--) Object.assign(selector, fieldCondition(random, docs));
  if (random.chance(0.15)) {
    selector = { ...selector, $or: [fieldCondition(random, docs), fieldCondition(random, docs)] };
  }
  if (random.chance(0.9)) selector._deleted = { $eq: false };
  const query: MangoQuery<RxDocumentData<FuzzDoc>> = { selector };
  if (random.chance(0.7)) {
    const fields = ['str', 'num', 'flag', 'note', 'id'] as const;
    query.sort = Array.from({ length: 1 + random.int(2) }, () => ({ [random.pick(fields)]: random.pick(['asc', 'desc'] as const) }));
    // One field sorted twice is not a valid Mango sort.
    query.sort = query.sort.filter((part, i, all) => all.findIndex((p) => Object.keys(p)[0] === Object.keys(part)[0]) === i);
  }
  if (random.chance(0.1)) query.index = random.pick([['_deleted', 'str'], ['_deleted', 'num', 'str'], ['_deleted', 'flag', 'num']]);
  if (random.chance(0.3)) query.skip = random.int(10);
  if (random.chance(0.5)) query.limit = random.int(25);
  return query;
}

/**
 * Queries that land in each branch of RxDB's planner (selector and sort each satisfied by the index or not),
 * over the string, compound and boolean indexes, so a fuzz run covers them whatever its random queries were.
 */
export function plannerProbes(sample: FuzzDoc | undefined): MangoQuery<RxDocumentData<FuzzDoc>>[] {
  const str = sample?.str ?? 'a';
  const num = sample?.num ?? 50;
  return [
    { selector: { _deleted: { $eq: false } }, sort: [{ str: 'asc' }] },
    { selector: { _deleted: { $eq: false }, str: { $gte: str } }, sort: [{ str: 'desc' }], skip: 1, limit: 7 },
    { selector: { _deleted: { $eq: false }, num: { $eq: num } }, sort: [{ num: 'asc' }, { str: 'asc' }], limit: 3 },
    { selector: { _deleted: { $eq: false }, flag: { $eq: true } }, sort: [{ flag: 'asc' }, { num: 'desc' }] },
    { selector: { _deleted: { $eq: false }, str: { $gt: '\uD800', $lt: '\uFFFF' } }, sort: [{ note: 'asc' }] },
    { selector: { _deleted: { $eq: false }, note: { $regex: 'a' } }, sort: [{ str: 'asc' }], skip: 2, limit: 4 },
    { selector: { _deleted: { $eq: false }, note: { $regex: '\u{1F600}' } }, sort: [{ note: 'desc' }] },
    { selector: { str: { $in: [str, '', '\u0000'] } }, sort: [{ id: 'desc' }] },
  ];
}
