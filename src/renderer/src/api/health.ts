import type { HealthResponse } from '../../../contracts/api-types.ts';
import { apiErrorFrom } from './api-error.ts';

/** Whether the server is up: public, and asked without the session so it works before anyone signs in. */
export async function fetchHealth(apiBaseUrl: string): Promise<HealthResponse> {
  const response = await fetch(new URL('/api/v1/health', apiBaseUrl), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as HealthResponse;
}
