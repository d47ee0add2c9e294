import type { Repository, Stored } from '../../domain/repository.ts';

type Selector<TData extends object> = Parameters<Repository<TData>['find']>[0];

/** A list that counts its members and reads one page of them at a time (structurally the HTTP layer's page source). */
export interface RecordPages<TData extends object> {
  count(): Promise<number>;
  fetch(offset: number, limit: number): Promise<Stored<TData>[]>;
}

/**
 * The records a slot selector decides alone, by id, counted and paged in the storage: a page reads its own records
 * and no others. Only for lists with nothing left to filter in JavaScript, or the count and pages would disagree.
 */
export function storagePages<TData extends object>(repo: Repository<TData>, selector: Selector<TData>): RecordPages<TData> {
  return { count: () => repo.count(selector), fetch: (skip, limit) => repo.find(selector, undefined, { skip, limit }) };
}
