import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthorizationCodes, CODE_LIFETIME_MS, type AuthorizationGrant } from '../../../src/server/domain/oauth/authorization-codes.ts';
import { isCodeChallenge, verifierMatches } from '../../../src/server/domain/oauth/pkce.ts';

const grant: AuthorizationGrant = { developerKeyId: 1, userId: 2, redirectUri: 'https://tool.example/cb', scopes: [], purpose: 'p', codeChallenge: null };

describe('authorization codes', () => {
  it('redeem once, and only within their lifetime', () => {
    const codes = new AuthorizationCodes();
    const now = 1_700_000_000_000;
    const code = codes.issue(grant, now);
    expect(codes.redeem(code, now + 1000)).toEqual(grant);
    expect(codes.redeem(code, now + 1000)).toBeUndefined();
    const late = codes.issue(grant, now);
    expect(codes.redeem(late, now + CODE_LIFETIME_MS)).toBeUndefined();
    expect(codes.redeem('never-issued', now)).toBeUndefined();
  });
});

describe('PKCE S256', () => {
  it('matches the verifier a challenge was made from, and nothing else', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(isCodeChallenge(challenge)).toBe(true);
    expect(verifierMatches(verifier, challenge)).toBe(true);
    expect(verifierMatches(`${verifier}x`, challenge)).toBe(false);
    expect(verifierMatches('short', challenge)).toBe(false);
    expect(isCodeChallenge('plain-text-challenge')).toBe(false);
  });
});
