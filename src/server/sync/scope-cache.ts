import { declarationOf } from '../domain/declarations/index.ts';
import type { WireRecord } from './sync-partitions.ts';
import { withContentRejudged, type SyncScope } from './sync-scope.ts';

/**
 * How long a kept scope serves at most. Scopes follow the clock as well as the records (unlock and lock dates,
 * enrollment and course end dates), and no change announces a date passing: a scope is computed again, at the
 * next burst, once this much time went by.
 */
export const SCOPE_MAX_AGE_MS = 30_000;

interface Kept {
  scope: SyncScope;
  /** Computed with the content locks (a `course` stream needs them). */
  withLocks: boolean;
  computedAt: number;
}

/**
 * The scopes of the users listening on event streams, kept from one burst of changes to the next (decision 0089).
 * A student's scope reads their enrollments, permissions, progression and polls, milliseconds for every listening
 * user, while most bursts hold nothing a scope reads (a grade, a comment) or only content whose lock is all that
 * can move (a new assignment). Each record type's declaration says what its changes do to scopes (`ScopeFeed`).
 *
 * Only the change feed uses it, one burst at a time: a burst's changes are applied before any scope is reused for
 * it, and a scope computed for a burst has read every change of it, so no change can slip between the two.
 */
export class ScopeCache {
  readonly #kept = new Map<number, Kept>();

  /** What a burst's changes do to the kept scopes: drops those they can alter, judges written content again. */
  apply(changes: readonly WireRecord[]): void {
    const content: WireRecord[] = [];
    for (const doc of changes) {
      // Undeclared types are sync bookkeeping (receipts), which no scope reads.
      switch (declarationOf(doc.type)?.scopes ?? 'none') {
        case 'none':
          break;
        case 'its_user':
          this.#kept.delete(doc.user_id);
          break;
        case 'its_course':
          // Its user may be new to the course (an enrollment), so not yet know it.
          this.#kept.delete(doc.user_id);
          for (const [userId, kept] of this.#kept) if (kept.scope.knownCourseIds.has(doc.course_id)) this.#kept.delete(userId);
          break;
        case 'its_lock':
          content.push(doc);
          break;
        case 'everyone':
          this.#kept.clear();
          break;
      }
    }
    if (content.length > 0) for (const kept of this.#kept.values()) kept.scope = withContentRejudged(kept.scope, content);
  }

  /** The user's kept scope, if it is recent enough and has the locks when they are needed. */
  get(userId: number, withLocks: boolean, now: number): SyncScope | undefined {
    const kept = this.#kept.get(userId);
    if (!kept || (withLocks && !kept.withLocks) || now - kept.computedAt >= SCOPE_MAX_AGE_MS) return undefined;
    return kept.scope;
  }

  keep(scope: SyncScope, withLocks: boolean, computedAt: number): void {
    this.#kept.set(scope.userId, { scope, withLocks, computedAt });
  }

  forget(userId: number): void {
    this.#kept.delete(userId);
  }

  /** Keeps only the scopes of users who still listen. */
  retain(userIds: ReadonlySet<number>): void {
    for (const userId of this.#kept.keys()) if (!userIds.has(userId)) this.#kept.delete(userId);
  }
}
