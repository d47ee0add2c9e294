import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ParamMissingError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { IssuedToken } from '../../domain/access-tokens.ts';
import { ROUTE_SCOPE } from '../../domain/oauth/developer-key-rules.ts';
import type { Principal } from '../../domain/principal.ts';
import type { AccessTokenData } from '../../domain/records/local-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { CreateTokenParams } from './tokens.params.ts';


export class TokensService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /**
   * A scoped token may only mint tokens within its own scopes: otherwise a narrow tool token that can reach
   * this route would turn itself into a full one.
   */
  async issue(principal: Principal, userId: number, input: CreateTokenParams['token'], stamp: WriteStamp): Promise<IssuedToken> {
    if (!input) throw new ParamMissingError('token');
    const purpose = input.purpose ?? '';
    if (purpose === '') throw ValidationError.field('purpose', "can't be blank", 'blank');
    const scopes = input.scopes && input.scopes.length > 0 ? [...new Set(input.scopes)] : null;
    if (scopes?.some((scope) => !ROUTE_SCOPE.test(scope))) {
      throw ValidationError.field('scopes', 'must match accessible endpoints', 'must match accessible endpoints');
    }
    if (principal.scopes !== null && (scopes === null || !scopes.every((scope) => principal.scopes!.includes(scope)))) {
      throw new UnauthorizedError();
    }
    const expiresAt = input.expires_at ? input.expires_at.getTime() : null;
    return this.#services.tokens.issue({ userId, purpose, scopes, expiresAt }, stamp);
  }

  /** The user's live tokens, oldest first. */
  async list(userId: number): Promise<Stored<AccessTokenData>[]> {
    return (await this.#services.repos.tokens.find({ user_id: userId })).filter((t) => t.data.workflow_state === 'active');
  }

  async get(userId: number, tokenId: number): Promise<Stored<AccessTokenData>> {
    const token = await this.#services.repos.tokens.get(tokenId);
    if (!token || token.data.user_id !== userId || token.data.workflow_state !== 'active') throw new NotFoundError();
    return token;
  }

  /** Revocation is a state change the verifier checks on every request, so it takes effect immediately. */
  async revoke(userId: number, tokenId: number, stamp: WriteStamp): Promise<Stored<AccessTokenData>> {
    const token = await this.get(userId, tokenId);
    const revoked = await this.#services.repos.tokens.update(token.id, stamp, (data) => ({ ...data, workflow_state: 'deleted' }));
    return revoked ?? token;
  }
}
