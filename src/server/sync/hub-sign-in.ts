import { CSRF_HEADER, type SessionResponse } from '../../contracts/session-dtos.ts';

/** Why connecting to a hub failed, so the API can say what to do about it. */
export type HubSignInFailure = 'unreachable' | 'refused' | 'throttled' | 'not-outpost';

export class HubSignInError extends Error {
  readonly kind: HubSignInFailure;
  /** Seconds the hub asked to wait, for `throttled`. */
  readonly retryAfter: number | undefined;

  constructor(kind: HubSignInFailure, message: string, retryAfter?: number) {
    super(message);
    this.name = 'HubSignInError';
    this.kind = kind;
    this.retryAfter = retryAfter;
  }
}

export interface DeviceCredential {
  /** A long-lived access token of the hub user, for this device only (revocable on the hub like any token). */
  token: string;
  userId: number;
}

/** A hub that does not answer within this is treated as unreachable rather than left hanging. */
const HUB_TIMEOUT_MS = 15_000;

/**
 * Signs in on the hub as a person would, exchanges that short session for a device access token (Canvas's
 * `POST /users/self/tokens`) and signs the hub session out again. The password is sent to the hub only, once, over
 * the URL the person typed; the device keeps the token, never the hub password.
 */
export async function obtainDeviceToken(
  hubUrl: string,
  uniqueId: string,
  password: string,
  purpose: string,
  /** Runs once the hub user is known and before a token exists; throwing stops the connection there. */
  vet: (hubUserId: number) => Promise<void>,
): Promise<DeviceCredential> {
  const signIn = await call(hubUrl, '/api/v1/login/session', { method: 'POST', body: JSON.stringify({ unique_id: uniqueId, password }), headers: json });
  if (signIn.status === 401) throw new HubSignInError('refused', 'The hub refused the email or password');
  if (signIn.status === 429) {
    const wait = Number(signIn.headers.get('retry-after')) || 60;
    throw new HubSignInError('throttled', `The hub refused more sign-ins for now; wait ${wait} seconds, then try again.`, wait);
  }
  const session = signIn.ok ? ((await signIn.json().catch(() => undefined)) as SessionResponse | undefined) : undefined;
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!session?.csrf_token || !session.user || !cookie) throw notOutpost(hubUrl);
  const asPerson = { ...json, cookie, [CSRF_HEADER]: session.csrf_token };
  try {
    await vet(session.user.id);
    const issued = await call(hubUrl, '/api/v1/users/self/tokens', { method: 'POST', headers: asPerson, body: JSON.stringify({ token: { purpose } }) });
    const token = issued.ok ? ((await issued.json()) as { visible_token?: string }).visible_token : undefined;
    if (!token) throw notOutpost(hubUrl);
    return { token, userId: session.user.id };
  } finally {
    await call(hubUrl, '/api/v1/login/session', { method: 'DELETE', headers: asPerson }).catch(() => undefined);
  }
}

const json = { 'content-type': 'application/json', accept: 'application/json' };

function notOutpost(hubUrl: string): HubSignInError {
  return new HubSignInError('not-outpost', `The server at ${hubUrl} did not answer like an Outpost hub.`);
}

async function call(hubUrl: string, path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(new URL(path, hubUrl), { ...init, redirect: 'error', signal: AbortSignal.timeout(HUB_TIMEOUT_MS) });
  } catch {
    throw new HubSignInError('unreachable', `Could not reach a hub at ${hubUrl}. Check the address and that the hub is running.`);
  }
}
