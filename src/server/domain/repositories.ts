import type { OutpostDatabase } from '../storage/database.ts';
import { RECORD_DECLARATIONS, type DataOf, type RepositoryName } from './declarations/index.ts';
import type { IdAllocator } from './ids.ts';
import { Repository, type SlotsOf } from './repository.ts';

export { lookupKey } from './declarations/lookup-keys.ts';

/**
 * Read by many students of a course at once (the gradebook's cells, the stored totals of a page of enrollments,
 * the check that named students are visible): their repositories keep such courses in memory.
 */
const KEPT_BY_COURSE: ReadonlySet<string> = new Set<RepositoryName>(['submissions', 'enrollments', 'courseScores']);

/**
 * Looked up by fields of their data that no index slot holds (a user by SIS id, from any route taking a user id, and
 * a new user's SIS id checked against the others): their repositories keep those fields indexed in memory.
 */
const INDEXED_IN_MEMORY: Partial<Record<RepositoryName, readonly string[]>> = { users: ['sis_user_id', 'integration_id'] };

/** One repository per declared record type (domain/declarations/), under the declaration's name. */
export type Repositories = { readonly [K in RepositoryName]: Repository<DataOf<(typeof RECORD_DECLARATIONS)[K]>> };

/**
 * The repositories of every domain record type, each in the collection (sync partition, docs/architecture.md §4.2)
 * and with the index slots its declaration says: the declaration is the one place to read to know where a record
 * is stored and how it can be found.
 */
export function createRepositories(db: OutpostDatabase, ids: IdAllocator): Repositories {
  const entries = Object.entries(RECORD_DECLARATIONS).map(([name, declaration]) => {
    // The table pairs each declaration with its own data type; the loop sees their union, so the slots are re-typed.
    const slots = declaration.slots as SlotsOf<object>;
    const indexed = INDEXED_IN_MEMORY[name as RepositoryName];
    const { pull } = declaration;
    // Records whose readers see only published copies remember whether they were ever published (publication-marker.ts).
    const published = typeof pull === 'object' && 'shownTo' in pull && pull.shownTo === 'published' ? (pull.published as (data: object) => boolean) : undefined;
    return [name, new Repository<object>(db.collections[declaration.collection], declaration.type, ids, slots, KEPT_BY_COURSE.has(name), indexed, published)];
  });
  return Object.fromEntries(entries) as Repositories;
}
