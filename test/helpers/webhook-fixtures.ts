import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { ToolProxyRegistration } from '../../src/server/webhooks/webhook-services.ts';
import { fixtureStamp } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

export interface FixtureTool {
  guid: string;
  secret: string;
  developerKey: string;
}

let keys = 0;

/** A tool proxy installed on the root account with the given capabilities (default: every event type). */
export async function registerFixtureTool(server: TestServer, overrides: Partial<ToolProxyRegistration> = {}): Promise<FixtureTool> {
  const { webhooks, installation } = server.core.services;
  const tool = await webhooks.registerToolProxy(
    {
      developer_key: String(10_000_000_000_000 + ++keys),
      context_type: 'Account',
      context_id: installation.root_account_id,
      capabilities: ['vnd.instructure.webhooks.root_account.all'],
      ...overrides,
    },
    fixtureStamp(),
  );
  return { guid: tool.data.guid, secret: tool.data.shared_secret, developerKey: tool.data.developer_key };
}

/** The tool's HS256 assertion, as an LTI 2 tool signs it (docs/canvas-compatibility.md §12.1); claims can be overridden. */
export function toolAssertion(server: TestServer, tool: FixtureTool, claims: { aud?: string; exp?: number; iat?: number; jti?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(tool.guid)
    .setAudience(claims.aud ?? `${server.url}/api/lti/accounts/self/authorize`)
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + 50)
    .setJti(claims.jti ?? randomUUID())
    .sign(new TextEncoder().encode(tool.secret));
}

/** POSTs an assertion to the authorize endpoint (form-encoded, as tools send it). */
export async function authorizeTool(server: TestServer, assertion: string) {
  const res = await fetch(`${server.url}/api/lti/accounts/self/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** A JWT access token for the tool; throws unless the exchange succeeds. */
export async function toolAccessToken(server: TestServer, tool: FixtureTool): Promise<string> {
  const res = await authorizeTool(server, await toolAssertion(server, tool));
  if (res.status !== 200) throw new Error(`authorize failed: ${res.status} ${JSON.stringify(res.json)}`);
  return String(res.json.access_token);
}

/** A valid create body with the given overrides merged into `subscription`. */
export function subscriptionBody(contextId: string | number, overrides: Record<string, unknown> = {}) {
  return {
    subscription: {
      ContextType: 'course',
      ContextId: String(contextId),
      EventTypes: ['submission_created'],
      Format: 'live-event',
      TransportType: 'https',
      TransportMetadata: { Url: 'https://127.0.0.1:9/hook' },
      ...overrides,
    },
  };
}
