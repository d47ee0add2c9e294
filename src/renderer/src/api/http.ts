import { ApiError, apiErrorFrom } from './api-error.ts';
import { nextPageUrl } from './link-header.ts';

export interface HttpHooks {
  /** The server no longer accepts the session (expired, revoked, signed out elsewhere). */
  onUnauthenticated?: (error: ApiError) => void;
  /** A request got no answer at all: the server may be gone. */
  onNoAnswer?: () => void;
}

export type Query = Record<string, string | number | string[]>;

/** A list can span many pages; this bounds a runaway `next` chain. */
const MAX_PAGES = 50;

/** How often one request is tried while the server answers 429, and the longest wait between tries. */
const THROTTLED_ATTEMPTS = 4;
const MAX_RETRY_WAIT_MS = 10_000;

/** The wait a 429 asks for (`Retry-After` in seconds), bounded so a screen never hangs on one request. */
function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : 1000;
}

/**
 * HTTP to the local API with the signed-in person's session: the browser sends the HttpOnly session cookie, and
 * every request carries the session's CSRF token in `X-CSRF-Token`. The cookie alone authenticates nothing, so
 * another web page that makes the browser send it gets nowhere. The CSRF token lives in memory only; after a reload
 * it is read again from `GET /api/v1/login/session`.
 */
export function createHttp(apiBaseUrl: string, hooks: HttpHooks = {}) {
  const origin = new URL(apiBaseUrl).origin;
  let csrfToken: string | undefined;

  async function send(method: string, url: URL, body?: unknown): Promise<Response> {
    return sendBody(method, url, body === undefined ? undefined : { type: 'application/json', text: JSON.stringify(body) });
  }

  /** A JSON body, or FormData, whose multipart boundary the browser writes into Content-Type itself. */
  async function sendBody(method: string, url: URL, body?: { type: string; text: string } | FormData): Promise<Response> {
    // Session headers go only to the server they belong to, whatever a Link header says.
    if (url.origin !== origin) throw new ApiError('invalid', 0, [`Refusing to send the session to ${url.origin}`]);
    const headers = new Headers({ Accept: 'application/json' });
    if (csrfToken) headers.set('X-CSRF-Token', csrfToken);
    if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', body.type);
    let response: Response;
    for (let attempt = 1; ; attempt++) {
      try {
        response = await fetch(url, {
          method,
          headers,
          credentials: 'same-origin',
          body: body === undefined || body instanceof FormData ? body : body.text,
        });
      } catch (err) {
        hooks.onNoAnswer?.();
        throw new ApiError('network', 0, [`The server did not answer (${err instanceof Error ? err.message : String(err)})`]);
      }
      // A request refused by the request budget (Canvas marks it with X-Rate-Limit-Remaining) changed nothing on the
      // server, so it is sent again once the server says it may be. Other 429s (failed sign-ins) reach the person.
      const budgetSpent = response.status === 429 && response.headers.has('X-Rate-Limit-Remaining');
      const wait = budgetSpent && attempt < THROTTLED_ATTEMPTS ? retryAfterMs(response) : undefined;
      if (wait === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    if (!response.ok) {
      const error = await apiErrorFrom(response);
      if (error.kind === 'unauthenticated') hooks.onUnauthenticated?.(error);
      throw error;
    }
    return response;
  }

  function urlFor(path: string, query: Query = {}): URL {
    const url = new URL(path, apiBaseUrl);
    for (const [key, value] of Object.entries(query)) {
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v));
    }
    return url;
  }

  /** Every page of a Canvas list, following `Link: rel="next"`; `itemsOf` reads a page's items from its JSON. */
  async function allPages<T>(path: string, query: Query, itemsOf: (json: unknown) => T[], onPage?: (page: T[]) => void): Promise<T[]> {
    const items: T[] = [];
    let url: URL | undefined = urlFor(path, { per_page: 100, ...query });
    for (let page = 0; url && page < MAX_PAGES; page++) {
      const response = await send('GET', url);
      const pageItems = itemsOf(await response.json());
      onPage?.(pageItems);
      items.push(...pageItems);
      const next = nextPageUrl(response.headers.get('Link'));
      url = next ? new URL(next) : undefined;
    }
    return items;
  }

  return {
    /** Set from each session answer (sign-in, setup, hub connection, session read); cleared on sign-out. */
    setCsrfToken: (token: string | undefined) => {
      csrfToken = token;
    },

    getOne: async <T>(path: string, query?: Query): Promise<T> => (await (await send('GET', urlFor(path, query))).json()) as T,

    /**
     * A file's bytes at an absolute URL the API gave (a File JSON's `url`). The session cookie alone opens nothing, so
     * a plain link or `<img src>` cannot fetch it: the bytes come through here, with the CSRF token.
     */
    getBlob: async (url: string): Promise<Blob> => (await send('GET', new URL(url, apiBaseUrl))).blob(),

    /** Every page of a Canvas list, following `Link: rel="next"`; `onPage` sees each page as it arrives. */
    getAll: <T>(path: string, query: Query = {}, onPage?: (page: T[]) => void): Promise<T[]> => allPages(path, query, (json) => json as T[], onPage),

    /** Every page of a list Canvas wraps in an object (`{"poll_sessions":[…]}`), unwrapped. */
    getAllWrapped: <T>(key: string, path: string, query: Query = {}): Promise<T[]> =>
      allPages(path, query, (json) => (json as Record<string, T[] | undefined>)[key] ?? []),

    /** A write whose JSON answer the caller needs. */
    writeJson: async <T>(method: 'POST' | 'PUT', path: string, body?: unknown): Promise<T> =>
      (await (await send(method, urlFor(path), body)).json()) as T,

    /** A multipart/form-data write (an archive's upload step 2) to an absolute URL the API gave, with the session. */
    writeForm: async <T>(url: string, form: FormData): Promise<T> => (await (await sendBody('POST', new URL(url, apiBaseUrl), form)).json()) as T,

    /** A write whose answer carries nothing the caller needs (often 204). */
    write: async (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<void> => {
      await send(method, urlFor(path), body);
    },
  };
}

export type Http = ReturnType<typeof createHttp>;
