import { deepFreeze } from '../../storage/deep-freeze.ts';
import type { Repository } from '../repository.ts';


/**
 * Values derived from one course's records (its modules and items, the content they show), kept until any record
 * of that course in the `course` collection changes. RxDB emits a committed write's change events synchronously,
 * before the writer's promise resolves, so a request that starts after a write never sees a value from before it.
 * Listing a course's modules reads about a thousand records; without this every request read them all again.
 *
 * Cached values are shared between requests: they are deep-frozen, so a caller that tries to change one fails
 * loudly instead of corrupting everyone's view.
 */
export class CourseCache<T> {
  readonly #entries = new Map<number, Promise<T>>();
  readonly #load: (courseId: number) => Promise<T>;

  /** `writes`: any repository of the `course` collection; it reports the writes to every record type there. */
  constructor(writes: Pick<Repository<object>, 'onCourseWrite'>, load: (courseId: number) => Promise<T>) {
    this.#load = load;
    writes.onCourseWrite((courseId) => this.#entries.delete(courseId));
  }

  get(courseId: number): Promise<T> {
    let entry = this.#entries.get(courseId);
    if (!entry) {
      entry = this.#load(courseId).then(deepFreeze);
      this.#entries.set(courseId, entry);
      // A failed load is not remembered.
      entry.catch(() => {
        if (this.#entries.get(courseId) === entry) this.#entries.delete(courseId);
      });
    }
    return entry;
  }
}

/** One cache per key object (a server's repositories), created on first use. */
export function cachePerKey<K extends object, T>(create: (key: K) => CourseCache<T>): (key: K) => CourseCache<T> {
  const caches = new WeakMap<K, CourseCache<T>>();
  return (key) => {
    let cache = caches.get(key);
    if (!cache) {
      cache = create(key);
      caches.set(key, cache);
    }
    return cache;
  };
}
