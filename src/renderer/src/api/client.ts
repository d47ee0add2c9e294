import type { HealthResponse } from '../../../shared/api-types.ts';
import { resolveSession } from '../lib/session.ts';

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The renderer's only door to the server: typed calls over HTTP, the same API third-party tools use. */
async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const { apiBaseUrl, sessionToken } = await resolveSession();
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (sessionToken) headers.set('Authorization', `Bearer ${sessionToken}`);
  const response = await fetch(new URL(path, apiBaseUrl), { ...init, headers });
  if (!response.ok) throw new ApiError(response.status, `${init.method ?? 'GET'} ${path} failed with ${response.status}`);
  return (await response.json()) as T;
}

export const api = {
  health: () => request<HealthResponse>('/api/v1/health'),
};
