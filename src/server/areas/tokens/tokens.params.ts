import { z } from 'zod';
import { canvasDate, canvasId, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';

export const createTokenParams = z.object({
  user_id: z.string(),
  token: z
    .object({
      purpose: canvasString().pipe(z.string().trim().max(255)).optional(),
      expires_at: canvasDate().optional(),
      scopes: canvasList(canvasString().pipe(z.string().trim().max(500))).optional(),
    })
    .optional(),
});
export type CreateTokenParams = z.output<typeof createTokenParams>;

export const listTokensParams = z.object({ user_id: z.string(), ...paginationParams });
export type ListTokensParams = z.output<typeof listTokensParams>;

export const tokenParams = z.object({ user_id: z.string(), id: canvasId() });
export type TokenParams = z.output<typeof tokenParams>;
