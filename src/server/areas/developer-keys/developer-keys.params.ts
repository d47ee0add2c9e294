import { z } from 'zod';
import { canvasBoolean, canvasEnum, canvasId, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { boundedText } from '../common/shared-params.ts';

const optionalText = (max: number) => z.union([boundedText(max), z.null()]).optional();
const uri = canvasString(z.string().trim().max(2000, { message: 'is too long (maximum is 2000 characters)' }));

/**
 * `developer_key[…]`. `redirect_uris` is a list, or one string with a URI per line as Canvas's form sends it;
 * `public_jwk` a JWK (or JWK Set) hash, or that hash as a JSON string. The service checks what the values mean.
 */
export const developerKeyHash = z.object({
  name: optionalText(255),
  email: optionalText(255),
  icon_url: optionalText(2000),
  notes: optionalText(10_000),
  vendor_code: optionalText(255),
  redirect_uri: z.union([uri, z.null()]).optional(),
  redirect_uris: z
    .union([z.array(uri), canvasString(), z.null()])
    .transform((value) => (value === null ? [] : Array.isArray(value) ? value : value.split(/\r?\n/)))
    .transform((uris) => [...new Set(uris.map((u) => u.trim()).filter((u) => u !== ''))])
    .optional(),
  scopes: z.union([canvasList(canvasString(z.string().trim().max(500))), z.null()]).optional(),
  require_scopes: canvasBoolean().optional(),
  visible: canvasBoolean().optional(),
  public_jwk: z.union([z.record(z.string(), z.unknown()), z.string().max(20_000), z.null()]).optional(),
  /** Update only: `activate` or `deactivate` the key. */
  event: canvasEnum(['activate', 'deactivate']).optional(),
});
export type DeveloperKeyInput = z.output<typeof developerKeyHash>;

export const listDeveloperKeysParams = z.object({
  account_id: z.string(),
  /** Keys inherited from Site Admin: Outpost has none. */
  inherited: canvasBoolean().optional(),
  ...paginationParams,
});

export const createDeveloperKeyParams = z.object({ account_id: z.string(), developer_key: developerKeyHash.optional() });

export const developerKeyIdParams = z.object({ id: canvasId() });

export const updateDeveloperKeyParams = developerKeyIdParams.extend({ developer_key: developerKeyHash.optional() });

export const bindingParams = z.object({
  account_id: z.string(),
  developer_key_id: canvasId(),
  developer_key_account_binding: z.object({ workflow_state: canvasEnum(['on', 'off', 'allow']) }).optional(),
});
