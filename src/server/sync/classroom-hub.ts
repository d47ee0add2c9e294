import type { Sessions } from '../domain/auth/sessions.ts';
import { findLogin } from '../domain/auth/logins.ts';
import { ConflictError, InvalidError } from '../domain/errors.ts';
import type { IdAllocator } from '../domain/ids.ts';
import type { Repositories } from '../domain/repositories.ts';
import { Repository, type Stored, type WriteStamp } from '../domain/repository.ts';
import type { RecordCollection } from '../storage/database.ts';
import type { ClassMember } from './classroom-delegations.ts';
import type { HubLink } from './hub-link.ts';

/** The second HTTP listener that serves the class on the LAN; the HTTP layer provides it (decision 0124). */
export interface ClassroomListener {
  /** Starts listening (again); resolves with the port and the addresses people on the LAN can type. */
  open(): Promise<{ port: number; addresses: string[] }>;
  close(): Promise<void>;
}

/** A person of the class whose verifier this installation holds, and the login it made for it (decision 0125). */
interface Member {
  user_id: number;
  login_id: number;
  name: string;
}

interface ClassroomData {
  sharing: boolean;
  course_ids: number[];
  members: Member[];
  /** When the school hub last answered the delegation. */
  refreshed_at: number | null;
}

export interface ClassroomState {
  sharing: boolean;
  port: number | null;
  addresses: string[];
  course_ids: number[];
  members: number;
  refreshed_at: number | null;
}

/** The share record has a fixed id: an installation shares with one class set at a time. */
const SHARE_ID = 1;
/** While sharing, the delegation and the verifiers are asked for again this often (when the school answers). */
const REFRESH_MS = 60_000;
const EMPTY: ClassroomData = { sharing: false, course_ids: [], members: [], refreshed_at: null };

/**
 * The teacher's Outpost serving its class (decision 0124): fetches the delegation and the class's verifiers from
 * the school hub, keeps them as local password logins while sharing (and only then), opens the LAN listener, and
 * says whom that listener admits.
 */
export class ClassroomHub {
  readonly #repo: Repository<ClassroomData>;
  readonly #repos: Repositories;
  readonly #sessions: Sessions;
  readonly #hub: HubLink;
  #listener: ClassroomListener | undefined;
  #listening: { port: number; addresses: string[] } | undefined;
  #data: ClassroomData = EMPTY;
  #members = new Set<number>();
  /** Browser sessions that used the LAN listener, and when last: the browsers among `Devices in this class`. */
  readonly #browsers = new Map<number, { user_id: number; at: number }>();
  #timer: NodeJS.Timeout | undefined;
  /** OUTPOST_CLASSROOM_HUB=1: share whenever connected to a hub. */
  #auto = false;
  readonly #turns = new TurnQueue();

  constructor(local: RecordCollection, ids: IdAllocator, repos: Repositories, sessions: Sessions, hub: HubLink) {
    this.#repo = new Repository<ClassroomData>(local, 'classroom_share', ids, () => ({}));
    this.#repos = repos;
    this.#sessions = sessions;
    this.#hub = hub;
  }

  /**
   * Called once the HTTP layer can listen: shares again if it was sharing before a restart, or whenever connected
   * with `auto`. The school may be unreachable now: then the last verifiers stand and it is asked again later.
   */
  async start(listener: ClassroomListener, auto: boolean): Promise<void> {
    this.#listener = listener;
    this.#auto = auto;
    this.#data = (await this.#repo.get(SHARE_ID))?.data ?? EMPTY;
    this.#members = new Set(this.#data.members.map((m) => m.user_id));
    this.#timer = setInterval(() => void this.#tick(), REFRESH_MS);
    this.#timer.unref();
    if (this.#data.sharing) await this.#open();
    await this.#tick();
  }

  /** Whether a person may use this installation through the LAN listener: the connected teacher, or the class. */
  admits(userId: number): boolean {
    return userId === this.#hub.linkedUserId || this.#members.has(userId);
  }

  /** A signed-in browser used the LAN listener now. */
  browserSeen(sessionId: number, userId: number, now: number): void {
    this.#browsers.set(sessionId, { user_id: userId, at: now });
  }

  /** The browsers that used the LAN listener since this process started, by session. */
  browsers(): { session_id: number; user_id: number; at: number }[] {
    return [...this.#browsers].map(([session_id, seen]) => ({ session_id, ...seen }));
  }

  /** Asks the school now rather than at the next tick (just connected, say). */
  nudge(): Promise<void> {
    return this.#tick();
  }

  state(): ClassroomState {
    return {
      sharing: this.#data.sharing,
      port: this.#listening?.port ?? null,
      addresses: this.#listening?.addresses ?? [],
      course_ids: this.#data.course_ids,
      members: this.#data.members.length,
      refreshed_at: this.#data.refreshed_at,
    };
  }

  /** The people of the class, for the devices list. */
  get members(): readonly Member[] {
    return this.#data.members;
  }

  /** Turns sharing on (the school must answer now) or off (the verifiers are dropped, the listener closed). */
  share(on: boolean, stamp: WriteStamp): Promise<ClassroomState> {
    return this.#turns.run(async () => {
      if (on) {
        if (!this.#hub.state().connected) throw new ConflictError('Connect to your school hub before sharing with your class.');
        await this.#refresh(stamp, true);
        await this.#open();
        await this.#save({ ...this.#data, sharing: true }, stamp);
      } else {
        await this.#close();
        await this.#drop(this.#data.members, stamp);
        await this.#save(EMPTY, stamp);
      }
      return this.state();
    });
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#close();
  }

  /** Asks the school again while sharing (or, with `auto`, starts sharing once connected); failures wait for the next tick. */
  async #tick(): Promise<void> {
    if (!this.#hub.state().connected) return;
    const stamp = { actorId: this.#hub.linkedUserId ?? 0, requestId: 'classroom-refresh', now: Date.now() };
    try {
      if (this.#data.sharing) await this.#turns.run(() => this.#refresh(stamp, false));
      else if (this.#auto) await this.share(true, stamp);
    } catch {
      // The school hub is away (the class period goes on with what the laptop holds): asked again next tick.
    }
  }

  /** Fetches the delegation and replaces the class's verifiers with the school's answer (decision 0125). */
  async #refresh(stamp: WriteStamp, strict: boolean): Promise<void> {
    const client = this.#hub.deviceSync?.client;
    if (!client) throw new ConflictError('Connect to your school hub before sharing with your class.');
    const delegation = await client.classroomDelegation().catch(() => {
      throw new InvalidError('Your school hub could not be reached; sharing starts while it can be.');
    });
    if (!delegation) {
      if (strict) throw new InvalidError('You teach no active course on your school hub, so there is no class to share with.');
      await this.#drop(this.#data.members, stamp);
      await this.#save({ ...this.#data, course_ids: [], members: [], refreshed_at: stamp.now }, stamp);
      return;
    }
    const members: Member[] = [];
    for (const person of delegation.people) {
      const login = await this.#install(person, stamp);
      if (login) members.push({ user_id: person.user_id, login_id: login.id, name: person.name });
    }
    const kept = new Set(members.map((m) => m.user_id));
    await this.#drop(this.#data.members.filter((m) => !kept.has(m.user_id)), stamp);
    await this.#save({ ...this.#data, course_ids: delegation.course_ids, members, refreshed_at: stamp.now }, stamp);
  }

  /** A password login with the school's verifier; none when the address belongs to someone else here. */
  async #install(person: ClassMember, stamp: WriteStamp): Promise<Stored<{ user_id: number }> | undefined> {
    const existing = await findLogin(this.#repos, person.unique_id);
    if (existing && existing.data.user_id !== person.user_id) return undefined;
    if (existing) {
      if (existing.data.password_hash === person.password_hash && existing.data.workflow_state === 'active') return existing;
      return this.#repos.logins.update(existing.id, stamp, (data) => ({ ...data, password_hash: person.password_hash, workflow_state: 'active' }));
    }
    const data = { user_id: person.user_id, account_id: person.account_id, unique_id: person.unique_id, sis_user_id: null, integration_id: null, password_hash: person.password_hash, workflow_state: 'active' as const };
    return this.#repos.logins.create(data, stamp);
  }

  /** People no longer in the class lose their login here and every session they had (decision 0125). */
  async #drop(gone: readonly Member[], stamp: WriteStamp): Promise<void> {
    for (const member of gone) {
      await this.#repos.logins.update(member.login_id, stamp, (data) => ({ ...data, workflow_state: 'deleted' }));
      await this.#sessions.revokeAllOf(member.user_id, stamp);
    }
  }

  async #save(data: ClassroomData, stamp: WriteStamp): Promise<void> {
    const stored = (await this.#repo.get(SHARE_ID)) ? await this.#repo.update(SHARE_ID, stamp, () => data) : await this.#repo.create(data, stamp, SHARE_ID);
    this.#data = stored?.data ?? data;
    this.#members = new Set(this.#data.members.map((m) => m.user_id));
  }

  async #open(): Promise<void> {
    if (!this.#listener || this.#listening) return;
    this.#listening = await this.#listener.open();
  }

  async #close(): Promise<void> {
    if (!this.#listening) return;
    this.#listening = undefined;
    await this.#listener?.close();
  }
}

/** Runs one change of the share at a time: turning it on and off from two tabs must not interleave. */
class TurnQueue {
  #last: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#last.then(work, work);
    this.#last = next.catch(() => undefined);
    return next;
  }
}
