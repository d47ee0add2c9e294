import type { HealthResponse } from '../../../shared/api-types.ts';
import type { Assignment, Course, CourseModule, CourseUser, UserProfile, WikiPage } from '../../../shared/lms-dtos.ts';
import { ApiError, apiErrorFrom } from './api-error.ts';
import { nextPageUrl } from './link-header.ts';

export { ApiError } from './api-error.ts';

/** Where the API is and who is calling: held in memory only, never in storage an injected script could read later. */
export interface ApiCredentials {
  apiBaseUrl: string;
  token: string;
}

export interface ApiClientHooks {
  /** Called when the server no longer accepts the token (revoked, expired), so the UI can sign out. */
  onUnauthenticated?: (error: ApiError) => void;
}

type Query = Record<string, string | number | string[]>;

/** A list can span many pages; this bounds a runaway `next` chain. */
const MAX_PAGES = 50;

/** The renderer's only door to the server: typed calls over HTTP, the same API third-party tools use. */
export function createApiClient(credentials: ApiCredentials, hooks: ApiClientHooks = {}) {
  const origin = new URL(credentials.apiBaseUrl).origin;

  async function send(method: string, url: URL, body?: unknown): Promise<Response> {
    // The token goes only to the server it was issued for, whatever a Link header says.
    if (url.origin !== origin) throw new ApiError('invalid', 0, [`Refusing to send the token to ${url.origin}`]);
    const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${credentials.token}` });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      throw new ApiError('network', 0, [`The server did not answer (${err instanceof Error ? err.message : String(err)})`]);
    }
    if (!response.ok) {
      const error = await apiErrorFrom(response);
      if (error.kind === 'unauthenticated') hooks.onUnauthenticated?.(error);
      throw error;
    }
    return response;
  }

  function urlFor(path: string, query: Query = {}): URL {
    const url = new URL(path, credentials.apiBaseUrl);
    for (const [key, value] of Object.entries(query)) {
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v));
    }
    return url;
  }

  async function getOne<T>(path: string, query?: Query): Promise<T> {
    return (await (await send('GET', urlFor(path, query))).json()) as T;
  }

  /** Every page of a Canvas list, following `Link: rel="next"`. */
  async function getAll<T>(path: string, query: Query = {}): Promise<T[]> {
    const items: T[] = [];
    let url: URL | undefined = urlFor(path, { per_page: 100, ...query });
    for (let page = 0; url && page < MAX_PAGES; page++) {
      const response = await send('GET', url);
      items.push(...((await response.json()) as T[]));
      const next = nextPageUrl(response.headers.get('Link'));
      url = next ? new URL(next) : undefined;
    }
    return items;
  }

  async function write(method: 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<void> {
    await send(method, urlFor(path), body);
  }

  const course = (courseId: number) => `/api/v1/courses/${courseId}`;
  const itemDone = (courseId: number, moduleId: number, itemId: number) =>
    `${course(courseId)}/modules/${moduleId}/items/${itemId}/done`;

  return {
    self: () => getOne<UserProfile>('/api/v1/users/self'),
    courses: () => getAll<Course>('/api/v1/courses', { 'include[]': ['term'] }),
    course: (courseId: number) => getOne<Course>(course(courseId), { 'include[]': ['term'] }),
    modules: (courseId: number) =>
      getAll<CourseModule>(`${course(courseId)}/modules`, { 'include[]': ['items', 'content_details'] }),
    moduleItemDone: (courseId: number, moduleId: number, itemId: number) => write('PUT', itemDone(courseId, moduleId, itemId)),
    moduleItemNotDone: (courseId: number, moduleId: number, itemId: number) =>
      write('DELETE', itemDone(courseId, moduleId, itemId)),
    assignments: (courseId: number) => getAll<Assignment>(`${course(courseId)}/assignments`),
    assignment: (courseId: number, assignmentId: number) => getOne<Assignment>(`${course(courseId)}/assignments/${assignmentId}`),
    pages: (courseId: number) => getAll<WikiPage>(`${course(courseId)}/pages`, { sort: 'title' }),
    page: (courseId: number, pageUrl: string) => getOne<WikiPage>(`${course(courseId)}/pages/${encodeURIComponent(pageUrl)}`),
    people: (courseId: number) => getAll<CourseUser>(`${course(courseId)}/users`, { 'include[]': ['enrollments'] }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one unauthenticated call: whether the server is up. */
export async function fetchHealth(apiBaseUrl: string): Promise<HealthResponse> {
  const response = await fetch(new URL('/api/v1/health', apiBaseUrl), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as HealthResponse;
}
