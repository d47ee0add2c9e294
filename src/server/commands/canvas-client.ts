type Json = Record<string, unknown>;

/** Talks to the API exactly as a third-party Canvas client would: the demo seed doubles as an end-to-end check. */
export class CanvasClient {
  readonly #baseUrl: string;
  readonly #token: string;

  constructor(baseUrl: string, token: string) {
    this.#baseUrl = baseUrl;
    this.#token = token;
  }

  /** The same server, acting as another user. */
  as(token: string): CanvasClient {
    return new CanvasClient(this.#baseUrl, token);
  }

  async request<T = Json>(method: string, path: string, body?: Json): Promise<T> {
    const res = await fetch(this.#baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${this.#token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** Whether the resource exists (200), without throwing for a 404. */
  async exists(path: string): Promise<Json | undefined> {
    const res = await fetch(this.#baseUrl + path, { headers: { authorization: `Bearer ${this.#token}` } });
    return res.ok ? ((await res.json()) as Json) : undefined;
  }
}
