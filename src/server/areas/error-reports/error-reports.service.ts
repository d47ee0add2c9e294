import type { CoreServices } from '../../core-services.ts';
import { ParamMissingError, ValidationError } from '../../domain/errors.ts';
import type { ErrorReportData } from '../../domain/records/error-report-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { ErrorFields } from './error-reports.params.ts';

/** Bounds on client-sent request metadata: enough for any real environment, too little to store a payload. */
const MAX_ENV_KEYS = 100;
const MAX_ENV_TEXT = 4096;

/** What the server knows about the request that files the report, in Rack's names. */
export interface RequestFacts {
  readonly method: string;
  readonly path: string;
  readonly baseUrl: string;
  readonly requestId: string;
  /** The client's own description of itself, when it sent one. */
  readonly userAgent?: string;
  readonly referer?: string;
}

/** Problem reports ("Report a problem"): anyone signed in may file one. */
export class ErrorReportsService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async create(fields: ErrorFields | undefined, request: RequestFacts, stamp: WriteStamp): Promise<Stored<ErrorReportData>> {
    if (!fields) throw new ParamMissingError('error');
    const subject = fields.subject ?? '';
    if (subject === '') throw ValidationError.field('subject', "can't be blank", 'blank');
    const http_env = fields.http_env === undefined ? collectedEnv(request) : clientEnv(fields.http_env);
    const blankToNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);
    return this.#services.repos.errorReports.create(
      {
        user_id: stamp.actorId,
        account_id: this.#services.installation.root_account_id,
        subject,
        comments: blankToNull(fields.comments),
        email: blankToNull(fields.email),
        url: blankToNull(fields.url),
        user_perceived_severity: fields.user_perceived_severity ?? null,
        context_asset_string: blankToNull(fields.context_asset_string),
        user_roles: blankToNull(fields.user_roles),
        http_env,
        request_context_id: request.requestId,
      },
      stamp,
    );
  }
}

/** Canvas's `useful_http_env_stuff_from_request`: what the request says about itself. */
function collectedEnv(request: RequestFacts): Record<string, string> {
  const url = new URL(request.baseUrl);
  return {
    REQUEST_METHOD: request.method,
    PATH_INFO: request.path,
    HTTP_HOST: url.host,
    SERVER_NAME: url.hostname,
    SERVER_PORT: url.port || (url.protocol === 'https:' ? '443' : '80'),
    'rack.url_scheme': url.protocol.replace(/:$/, ''),
    REQUEST_ID: request.requestId,
    ...(request.userAgent ? { HTTP_USER_AGENT: request.userAgent } : {}),
    ...(request.referer ? { HTTP_REFERER: request.referer } : {}),
  };
}

/**
 * The client's hash: bracket params arrive as an object, Canvas's own form sends it serialized as JSON. Values are
 * kept as text; anything that is not a flat hash of scalars is a 400, never stored as it came.
 */
function clientEnv(raw: unknown): Record<string, string> {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw ValidationError.field('http_env', 'must be a hash', 'invalid');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ValidationError.field('http_env', 'must be a hash', 'invalid');
  const entries = Object.entries(value);
  if (entries.length > MAX_ENV_KEYS) throw ValidationError.field('http_env', `has more than ${MAX_ENV_KEYS} entries`, 'too_long');
  const flat = entries.map(([key, v]): [string, string] => {
    if (!['string', 'number', 'boolean'].includes(typeof v) || key.length > 255 || String(v).length > MAX_ENV_TEXT) {
      throw ValidationError.field('http_env', 'must be a hash of short texts', 'invalid');
    }
    return [key, String(v)];
  });
  // fromEntries defines own properties, so a key such as `__proto__` stays a plain key.
  return Object.fromEntries(flat);
}
