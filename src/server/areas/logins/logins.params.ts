import { z } from 'zod';
import { canvasEnum, canvasId, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { optionalSisId, passwordParam, text } from '../users/users.params.ts';

/** Outpost signs in with its own logins only: `canvas` (Canvas's built-in provider) is the one provider there is. */
const authenticationProvider = canvasString()
  .refine((value) => value === '' || value === 'canvas', 'Outpost has no authentication provider other than canvas')
  .optional();

export const accountLoginsParams = z.object({ account_id: z.string(), ...paginationParams });
export type AccountLoginsParams = z.output<typeof accountLoginsParams>;

export const userLoginsParams = z.object({ user_id: z.string(), ...paginationParams });
export type UserLoginsParams = z.output<typeof userLoginsParams>;

export const createLoginParams = z.object({
  account_id: z.string(),
  user: z.object({ id: canvasString().optional() }).default({}),
  login: z
    .object({
      unique_id: text(100).optional(),
      password: passwordParam().optional(),
      sis_user_id: optionalSisId(),
      integration_id: optionalSisId(),
      authentication_provider_id: authenticationProvider,
    })
    .default({}),
});
export type CreateLoginParams = z.output<typeof createLoginParams>;

export const updateLoginParams = z.object({
  account_id: z.string(),
  id: canvasId(),
  login: z
    .object({
      unique_id: text(100).optional(),
      password: passwordParam().optional(),
      /** Required when people change their own password, so a borrowed signed-in window cannot take the account. */
      old_password: passwordParam().optional(),
      sis_user_id: optionalSisId(),
      integration_id: optionalSisId(),
      authentication_provider_id: authenticationProvider,
      workflow_state: canvasEnum(['active', 'suspended']).optional(),
    })
    .default({}),
});
export type UpdateLoginParams = z.output<typeof updateLoginParams>;

export const accountLoginParams = z.object({ account_id: z.string(), id: canvasId() });
export type AccountLoginParams = z.output<typeof accountLoginParams>;

export const userLoginParams = z.object({ user_id: z.string(), id: canvasId() });
export type UserLoginParams = z.output<typeof userLoginParams>;
