import { z } from 'zod';
import { SEVERITIES } from '../../domain/records/error-report-records.ts';
import { canvasString } from '../../http/params/canvas-params.ts';

const text = (max: number) => canvasString(z.string().trim().max(max, { message: `is too long (maximum is ${max} characters)` }));

/** Where the user was: Canvas's asset string, `[type]_[id]` (`course_12`, `group_3`). */
const assetString = text(255).pipe(z.string().regex(/^([a-z]+_)+\d{1,19}$/, { message: 'must look like course_12' }));

/**
 * `error[...]`. http_env stays raw: it is the client's own metadata (a hash, or the hash serialized as JSON),
 * flattened by the service into a record that no key can give a prototype.
 */
export const errorFields = z.object({
  subject: text(255).optional(),
  comments: text(65_535).optional(),
  email: text(255).optional(),
  url: text(2048).optional(),
  user_perceived_severity: canvasString(z.string().trim().toLowerCase()).pipe(z.enum(SEVERITIES)).optional(),
  context_asset_string: assetString.optional(),
  user_roles: text(255).optional(),
  http_env: z.unknown().optional(),
  /** A field real users never see: anything in it means a bot filled the form (Canvas's honeypot). */
  username: z.unknown().optional(),
});
export type ErrorFields = z.output<typeof errorFields>;

export const createErrorReportParams = z.object({ error: errorFields.optional() });
