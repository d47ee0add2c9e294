import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { lookupKey } from '../../domain/repositories.ts';

/** Canvas's id syntax (docs/canvas-compatibility.md §1.1): all digits (≤ 19), or `sis_<column>:<value>`; anything else is a 404. */
export type ParsedId = { kind: 'id'; id: number } | { kind: 'sis'; column: string; value: string } | { kind: 'self' };

/**
 * `sis_<column>` forms that name users by a field of their data, which the users' repository keeps indexed in memory
 * (login ids use the indexed lookup slot).
 */
const USER_SIS_FIELDS: Readonly<Record<string, string>> = { user_id: 'sis_user_id', integration_id: 'integration_id' };

const PLAIN_ID = /^\d{1,19}$/;
const SIS_ID = /^sis_([a-z_]+):(.+)$/s;

export function parseCanvasId(raw: string, allowSelf = false): ParsedId {
  if (PLAIN_ID.test(raw)) {
    const id = Number(raw);
    // Beyond 2^53 no record can have the id: every Outpost id is below it.
    if (!Number.isSafeInteger(id)) throw new NotFoundError();
    return { kind: 'id', id };
  }
  if (allowSelf && raw === 'self') return { kind: 'self' };
  const sis = SIS_ID.exec(raw);
  if (sis) return { kind: 'sis', column: sis[1]!, value: sis[2]! };
  throw new NotFoundError();
}

/** Resolves the id forms each resource accepts to a record id; NotFoundError when nothing matches. */
export class IdResolver {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async courseId(raw: string): Promise<number> {
    const parsed = parseCanvasId(raw);
    if (parsed.kind === 'id') return parsed.id;
    if (parsed.kind === 'sis' && parsed.column === 'course_id') return this.#bySis(this.#services.repos.courses, parsed.value);
    throw new NotFoundError();
  }

  async sectionId(raw: string): Promise<number> {
    const parsed = parseCanvasId(raw);
    if (parsed.kind === 'id') return parsed.id;
    if (parsed.kind === 'sis' && parsed.column === 'section_id') return this.#bySis(this.#services.repos.sections, parsed.value);
    throw new NotFoundError();
  }

  async accountId(raw: string): Promise<number> {
    // `self` and `default` name the installation's root account (Outpost has no site-admin account).
    if (raw === 'self' || raw === 'default') return this.#services.installation.root_account_id;
    const parsed = parseCanvasId(raw);
    if (parsed.kind === 'id') return parsed.id;
    if (parsed.kind === 'sis' && parsed.column === 'account_id') return this.#bySis(this.#services.repos.accounts, parsed.value);
    throw new NotFoundError();
  }

  async userId(raw: string, principal: Principal): Promise<number> {
    const parsed = parseCanvasId(raw, true);
    if (parsed.kind === 'self') return principal.userId;
    if (parsed.kind === 'id') return parsed.id;
    const { users } = this.#services.repos;
    if (parsed.column === 'login_id') {
      const user = await users.byLookup(lookupKey.login(parsed.value));
      if (user) return user.id;
    } else if (Object.hasOwn(USER_SIS_FIELDS, parsed.column)) {
      // Own keys only: `sis_constructor:x` must not query a field named after Object's constructor (a 500).
      const [id] = await users.idsWhere(USER_SIS_FIELDS[parsed.column]!, parsed.value);
      if (id !== undefined) return id;
    }
    throw new NotFoundError();
  }

  async #bySis(repo: { byLookup(key: string): Promise<{ id: number } | undefined> }, value: string): Promise<number> {
    const record = await repo.byLookup(lookupKey.sis(value));
    if (!record) throw new NotFoundError();
    return record.id;
  }
}

/**
 * For `.catch`: a NotFoundError becomes `fallback` (an id that names nothing, answered as "unknown"); any other
 * failure, a storage error above all, still propagates to a 5xx instead of passing for a refusal.
 */
export function whenNotFound<T>(fallback: T): (err: unknown) => T {
  return (err) => {
    if (err instanceof NotFoundError) return fallback;
    throw err;
  };
}
