import { isDeepStrictEqual } from 'node:util';
import type { CoreServices } from '../../core-services.ts';
import { ConflictError, InvalidError, NotFoundError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Repository, Stored, WriteStamp } from '../../domain/repository.ts';
import type { ConflictChoice, SyncConflictData } from '../../sync/conflict-log.ts';
import type { WireRecord } from '../../sync/sync-partitions.ts';

/**
 * Settles a recorded conflict. `hub` keeps what stands (the device already took the hub's state); `device` and
 * `merged` write the chosen data to the record here, through its repository like any local change, so sync pushes
 * it to the hub, which checks the person's rights as for every push. A merge picks, field by field, the hub's or
 * this computer's value: both were valid data once, while free-form values would skip the checks and sanitizing
 * every API write gets.
 */
export class ConflictResolution {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async resolve(principal: Principal, id: number, choice: ConflictChoice, value: Record<string, unknown> | undefined, stamp: WriteStamp): Promise<Stored<SyncConflictData>> {
    const { conflicts } = this.#services.sync;
    const conflict = await conflicts.records.get(id);
    if (!conflict || (conflict.data.user_id !== principal.userId && conflict.data.subject_user_id !== principal.userId)) throw new NotFoundError();
    // The person whose record it is may read about it; only the one whose change met it decides.
    if (conflict.data.user_id !== principal.userId) throw new UnauthorizedError();
    if (conflict.data.resolved_at) throw new ConflictError('This conflict is already resolved.');
    if (choice !== 'hub') await this.#apply(conflict.data, choice, value, stamp);
    const resolved = await conflicts.resolve(id, choice, stamp);
    if (!resolved) throw new NotFoundError();
    return resolved;
  }

  async #apply(conflict: SyncConflictData, choice: 'device' | 'merged', value: Record<string, unknown> | undefined, stamp: WriteStamp): Promise<void> {
    if (conflict.side !== 'device') throw new InvalidError('A conflict recorded on the hub is settled by the device that pushed it; here it can only be acknowledged (choice "hub").');
    if (conflict.outcome === 'forbidden') throw new InvalidError('The hub refused this change; it can only be dismissed (choice "hub").');
    const repo = this.#repositoryOf(conflict.record_type);
    const current = await repo.get(conflict.record_id);
    if (!current) throw new ConflictError('The record no longer exists on this computer.');
    const data = choice === 'device' ? conflict.pushed.data : { ...current.data, ...pickedFields(value, conflict.kept, conflict.pushed) };
    await repo.update(conflict.record_id, stamp, () => data);
  }

  /** The repository of a record type (types are unique across collections); its update recomputes the slots. */
  #repositoryOf(type: string): Repository<Record<string, unknown>> {
    // Every member of Repositories is a Repository of some record data; this one is addressed by its type name.
    const repos = Object.values(this.#services.repos) as unknown as Repository<Record<string, unknown>>[];
    const repo = repos.find((r) => r.type === type);
    if (!repo) throw new InvalidError(`Conflicts about ${type} records cannot be resolved this way.`);
    return repo;
  }
}

/** The merged value: each field must be the hub's or this computer's value of that field. */
function pickedFields(value: Record<string, unknown> | undefined, kept: WireRecord | null, pushed: WireRecord): Record<string, unknown> {
  if (!value) throw ValidationError.field('value', 'is required for a merged choice', 'blank');
  const picked: Record<string, unknown> = {};
  for (const [field, chosen] of Object.entries(value)) {
    const sides = [kept?.data, pushed.data].filter((data) => data !== undefined && Object.hasOwn(data, field)).map((data) => data![field]);
    if (!sides.some((side) => isDeepStrictEqual(side, chosen))) throw ValidationError.field(field, "must be the hub's or this computer's value", 'invalid');
    picked[field] = chosen;
  }
  return picked;
}
