import type { CoreServices } from '../../core-services.ts';
import { ConflictError, InvalidError, NotFoundError, UnauthorizedError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { RecordedWrite } from '../../domain/write-observer.ts';
import type { ConflictChoice, SyncConflictData } from '../../sync/conflict-log.ts';

/** Performs a write again as the person, through the route that made it (its errors are thrown as over HTTP). */
export type RedoWrite = (write: RecordedWrite) => Promise<unknown>;

/**
 * Settles a recorded conflict (decision 0045). `hub` leaves what stands. `device` makes the write that did not
 * stand again, as the person, through the route that made it (`redo`): the API's rules apply as to any write,
 * nothing is written to the record directly. On a device that write is recorded in the outbox and replayed on
 * the hub like any other; on the hub it runs there.
 */
export class ConflictResolution {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async resolve(principal: Principal, id: number, choice: ConflictChoice, redo: RedoWrite, stamp: WriteStamp): Promise<Stored<SyncConflictData>> {
    const { conflicts } = this.#services.sync;
    const { userId } = principal;
    const conflict = await conflicts.records.get(id);
    if (!conflict || (conflict.data.user_id !== userId && conflict.data.subject_user_id !== userId)) throw new NotFoundError();
    // The person whose record it is may read about it; only the one whose write did not stand decides.
    if (conflict.data.user_id !== userId) throw new UnauthorizedError();
    if (conflict.data.resolved_at) throw new ConflictError('This conflict is already resolved.');
    if (choice === 'device') {
      const { request } = conflict.data;
      if (!request) throw new InvalidError('The change that did not stand was not made through sync; make it again on the hub.');
      await redo(request);
    }
    const resolved = await conflicts.resolve(id, choice, stamp);
    if (!resolved) throw new NotFoundError();
    return resolved;
  }
}
