import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ParamMissingError, ValidationError } from '../../domain/errors.ts';
import { DATA_SERVICES_SCOPE, newApiKey, ROUTE_SCOPE } from '../../domain/oauth/developer-key-rules.ts';
import type { DeveloperKeyData } from '../../domain/records/local-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { DeveloperKeyFacts } from './developer-keys.serializer.ts';
import type { DeveloperKeyInput } from './developer-keys.params.ts';

type Key = Stored<DeveloperKeyData>;

const SERVICE_SCOPES = new Set<string>(Object.values(DATA_SERVICES_SCOPE));
/** Members only a private (or symmetric) JWK has: a public key never needs them, and they must never be stored. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/**
 * Developer keys (Canvas's `DeveloperKeysController`): an admin of the root account creates, edits, switches on
 * and off and deletes the OAuth2 clients tools use. Keys live on the root account only: `manage_developer_keys`
 * exists only there, so no one passes the routes' rule for a sub-account.
 */
export class DeveloperKeysService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** A key that is not deleted. */
  async get(id: number): Promise<Key> {
    const key = await this.#services.repos.developerKeys.get(id);
    if (!key || key.data.workflow_state === 'deleted') throw new NotFoundError('developer key');
    return key;
  }

  /** The account's keys, newest first (Canvas's order). */
  async list(accountId: number): Promise<Key[]> {
    const keys = await this.#services.repos.developerKeys.find({ parent_id: accountId }, [{ id: 'desc' }]);
    return keys.filter((key) => key.data.workflow_state !== 'deleted');
  }

  /** New keys are switched off, as in Canvas: nothing can get a token until an admin turns the key on. */
  async create(accountId: number, userId: number, input: DeveloperKeyInput | undefined, stamp: WriteStamp): Promise<Key> {
    const fields = parseFields(input ?? {});
    const data: DeveloperKeyData = {
      account_id: accountId,
      user_id: userId,
      name: '',
      email: null,
      icon_url: null,
      notes: null,
      vendor_code: null,
      api_key: newApiKey(),
      redirect_uri: null,
      redirect_uris: [],
      scopes: [],
      require_scopes: false,
      visible: true,
      public_jwk: null,
      workflow_state: 'active',
      binding_state: 'off',
      ...fields,
    };
    return this.#services.repos.developerKeys.create(data, stamp);
  }

  /** Fields it does not mention keep their value; `event` activates or deactivates the key. */
  async update(current: Key, input: DeveloperKeyInput | undefined, stamp: WriteStamp): Promise<Key> {
    if (!input) throw new ParamMissingError('developer_key');
    const fields = parseFields(input);
    const state = input.event === undefined ? {} : { workflow_state: input.event === 'activate' ? ('active' as const) : ('inactive' as const) };
    return (await this.#services.repos.developerKeys.update(current.id, stamp, (data) => ({ ...data, ...fields, ...state }))) ?? current;
  }

  /** Deleting a key revokes every token issued to it. */
  async remove(current: Key, stamp: WriteStamp): Promise<Key> {
    await this.#services.tokens.revokeIssuedTo(current.id, stamp);
    return (await this.#services.repos.developerKeys.update(current.id, stamp, (data) => ({ ...data, workflow_state: 'deleted' }))) ?? current;
  }

  async setBinding(accountId: number, keyId: number, state: DeveloperKeyData['binding_state'], stamp: WriteStamp): Promise<Key> {
    const current = await this.get(keyId);
    if (current.data.account_id !== accountId) throw new NotFoundError('developer key');
    return (await this.#services.repos.developerKeys.update(current.id, stamp, (data) => ({ ...data, binding_state: state }))) ?? current;
  }

  /** The creator's and account's names and the key's live tokens, for its JSON. */
  async facts(key: Key): Promise<DeveloperKeyFacts> {
    const { repos } = this.#services;
    const [user, account, tokens] = await Promise.all([
      repos.users.get(key.data.user_id),
      repos.accounts.get(key.data.account_id),
      repos.tokens.find({ parent_id: key.id }),
    ]);
    const live = tokens.filter((token) => token.data.workflow_state === 'active');
    const used = live.map((token) => token.data.last_used_at ?? 0);
    return {
      userName: user?.data.name ?? null,
      accountName: account?.data.name ?? null,
      accessTokenCount: live.length,
      lastUsedAt: used.length > 0 && Math.max(...used) > 0 ? Math.max(...used) : null,
    };
  }
}

/** The sent fields, checked; absent ones are left out so an update keeps them. */
function parseFields(input: DeveloperKeyInput): Partial<DeveloperKeyData> {
  const fields: Partial<DeveloperKeyData> = {};
  if (input.name !== undefined) fields.name = input.name ?? '';
  for (const name of ['email', 'icon_url', 'notes', 'vendor_code'] as const) {
    const value = input[name];
    if (value !== undefined) fields[name] = value === null || value.trim() === '' ? null : value.trim();
  }
  if (input.redirect_uri !== undefined) fields.redirect_uri = checkedRedirect('redirect_uri', input.redirect_uri);
  if (input.redirect_uris !== undefined) fields.redirect_uris = input.redirect_uris.map((uri) => checkedRedirect('redirect_uris', uri)!);
  if (input.scopes !== undefined) fields.scopes = checkedScopes(input.scopes ?? []);
  if (input.require_scopes !== undefined) fields.require_scopes = input.require_scopes;
  if (input.visible !== undefined) fields.visible = input.visible;
  if (input.public_jwk !== undefined) fields.public_jwk = checkedPublicJwk(input.public_jwk);
  return fields;
}

/**
 * Where a browser is sent with a code: an absolute http(s) URL, or a native app's private-use scheme
 * (`com.example.app:/callback`, RFC 8252 §7.1: it has a dot, so `javascript:` and `data:` never pass). Never
 * a fragment (RFC 6749 §3.1.2).
 */
function checkedRedirect(field: string, raw: string | null): string | null {
  if (raw === null || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw ValidationError.field(field, 'is not a valid URL', 'invalid');
  }
  const scheme = url.protocol.slice(0, -1);
  const allowed = scheme === 'https' || scheme === 'http' ? url.host !== '' : /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme);
  if (!allowed || url.hash !== '' || raw.includes('#')) throw ValidationError.field(field, 'is not a valid URL', 'invalid');
  return raw;
}

/** Route scopes (`url:GET|/api/v1/…`) and the data services scopes the webhook subscription API serves. */
function checkedScopes(scopes: readonly string[]): string[] {
  const unique = [...new Set(scopes)];
  if (unique.some((scope) => !ROUTE_SCOPE.test(scope) && !SERVICE_SCOPES.has(scope))) {
    throw ValidationError.field('scopes', 'must match accessible endpoints', 'must match accessible endpoints');
  }
  return unique;
}

/** One public RSA or EC JWK, or a JWK Set of them (`{"keys": […]}`), sent as a hash or as JSON text. */
function checkedPublicJwk(raw: Record<string, unknown> | string | null): Record<string, unknown> | null {
  if (raw === null || raw === '') return null;
  const invalid = () => ValidationError.field('public_jwk', 'must be a public RSA or EC JWK, or a JWK Set of them', 'invalid');
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw invalid();
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  const jwk = value as Record<string, unknown>;
  const keys: unknown[] = Array.isArray(jwk.keys) ? jwk.keys : [jwk];
  if (keys.length === 0 || keys.length > 20 || !keys.every(isPublicJwk)) throw invalid();
  return jwk;
}

function isPublicJwk(key: unknown): boolean {
  if (typeof key !== 'object' || key === null || Array.isArray(key)) return false;
  const jwk = key as Record<string, unknown>;
  if (PRIVATE_MEMBERS.some((member) => member in jwk)) return false;
  const text = (...names: string[]) => names.every((name) => typeof jwk[name] === 'string' && jwk[name] !== '');
  return (jwk.kty === 'RSA' && text('n', 'e')) || (jwk.kty === 'EC' && text('crv', 'x', 'y'));
}
