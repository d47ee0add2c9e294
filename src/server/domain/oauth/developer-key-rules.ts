import { randomBytes } from 'node:crypto';
import type { DeveloperKeyData } from '../records/local-records.ts';

/**
 * A key issues and honours tokens only while it is active and switched on for its account (Canvas creates keys
 * switched off: an admin turns a key on once the tool is trusted).
 */
export const isUsableKey = (key: DeveloperKeyData): boolean => key.workflow_state === 'active' && key.binding_state === 'on';

/** Redirect URIs match exactly, never by prefix or domain: a looser match lets a code be sent somewhere else. */
export const redirectAllowed = (key: DeveloperKeyData, uri: string): boolean =>
  uri !== '' && (key.redirect_uris.includes(uri) || key.redirect_uri === uri);

/** Canvas-style route scopes (docs/architecture.md §5.5): `url:<METHOD>|/api/v1/<route path>`. */
export const ROUTE_SCOPE = /^url:(GET|POST|PUT|DELETE|PATCH)\|\/api\/v1\/[^\s|]+$/;

/** A client secret of Canvas's length (64 characters). */
export const newApiKey = (): string => randomBytes(48).toString('base64url');

/** Canvas's scopes for its live-events data services, which the webhook subscription API serves. */
export const DATA_SERVICES_SCOPE = {
  create: 'https://canvas.instructure.com/lti/data_services/scope/create',
  show: 'https://canvas.instructure.com/lti/data_services/scope/show',
  update: 'https://canvas.instructure.com/lti/data_services/scope/update',
  list: 'https://canvas.instructure.com/lti/data_services/scope/list',
  destroy: 'https://canvas.instructure.com/lti/data_services/scope/destroy',
} as const;
