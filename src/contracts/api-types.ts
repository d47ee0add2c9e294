/** JSON shapes shared by the server and every client of it (renderer, tests). */

export interface HealthResponse {
  status: 'ok';
  version: string;
}

/** The Canvas error envelope used for every error body. */
export interface ErrorEnvelope {
  errors: Array<{ message: string }> | Record<string, unknown>;
  status?: string;
}
