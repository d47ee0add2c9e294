import { describe, expect, it } from 'vitest';
import { credentialKey, type Principal } from '../../../src/server/domain/principal.ts';
import { OpenStreams, type StreamLease } from '../../../src/server/sync/open-streams.ts';

const principal = (userId: number, tokenId: number): Principal => ({ userId, tokenId, scopes: null });

/** An OpenStreams whose credential check and watch the test drives: which tokens are live, and the changes it hears. */
function streamsUnderTest(limits = { perCredential: 4, perUser: 8 }) {
  const revoked = new Set<number>();
  const asked: number[] = [];
  let announce: ((credentials: ReadonlySet<string> | 'every') => void) | undefined;
  let watching = 0;
  const streams = new OpenStreams(
    async (p) => {
      asked.push(p.tokenId);
      return !revoked.has(p.tokenId);
    },
    (changed) => {
      watching++;
      announce = changed;
      return () => {
        watching--;
        announce = undefined;
      };
    },
    limits,
  );
  // The check runs asynchronously after a change: a few turns let it finish.
  const change = async (credentials: ReadonlySet<string> | 'every') => {
    announce?.(credentials);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { streams, revoked, asked, change, watching: () => watching };
}

describe('OpenStreams', () => {
  it('counts per credential and per user, and frees a place when a lease is released (twice is once)', () => {
    const { streams, watching } = streamsUnderTest();
    const leases = [1, 2, 3, 4].map(() => streams.open(principal(7, 70))!);
    expect(streams.open(principal(7, 70))).toBeUndefined();
    leases.push(...[1, 2, 3, 4].map(() => streams.open(principal(7, 71))!));
    // The user is at 8 across two tokens: a third token gets nothing, another user does.
    expect(streams.open(principal(7, 72))).toBeUndefined();
    const other = streams.open(principal(8, 80))!;
    expect(streams.size).toBe(9);
    leases[0]!.release();
    leases[0]!.release();
    expect(streams.size).toBe(8);
    expect(streams.open(principal(7, 70))).toBeDefined();
    expect(streams.size).toBe(9);
    expect(watching()).toBe(1);
    for (const lease of [...leases, other]) lease.release();
  });

  it('asks only the credentials a change touched, each once however many streams it holds, and ends those it revoked', async () => {
    const { streams, revoked, asked, change } = streamsUnderTest({ perCredential: 4, perUser: 4 });
    const leases = new Map<number, StreamLease[]>();
    for (let token = 1; token <= 500; token++) leases.set(token, [1, 2, 3, 4].map(() => streams.open(principal(token, token))!));
    revoked.add(3);
    revoked.add(9);
    await change(new Set([credentialKey.token(3), credentialKey.token(4), credentialKey.token(9_999), credentialKey.session(3)]));
    // Token 9 is revoked too, but nothing said it changed: it is not asked. 9,999 and the session hold no stream.
    expect(asked.sort((a, b) => a - b)).toEqual([3, 4]);
    expect(leases.get(3)!.every((lease) => lease.signal.aborted)).toBe(true);
    expect(leases.get(4)!.some((lease) => lease.signal.aborted)).toBe(false);
    expect(leases.get(9)!.some((lease) => lease.signal.aborted)).toBe(false);
    asked.length = 0;
    // A developer key changed: every credential with streams is asked, once each.
    await change('every');
    expect(asked).toHaveLength(500);
    expect(leases.get(9)!.every((lease) => lease.signal.aborted)).toBe(true);
    for (const held of leases.values()) for (const lease of held) lease.release();
    expect(streams.size).toBe(0);
  });

  it('stops watching once the last stream is released, and watches again for the next', () => {
    const { streams, watching } = streamsUnderTest();
    const lease = streams.open(principal(1, 1))!;
    expect(watching()).toBe(1);
    lease.release();
    expect(watching()).toBe(0);
    streams.open(principal(1, 1))!.release();
    expect(watching()).toBe(0);
  });
});
