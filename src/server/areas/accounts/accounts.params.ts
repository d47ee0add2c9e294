import { z } from 'zod';
import { canvasBoolean, paginationParams } from '../../http/params/canvas-params.ts';
import { boundedText, canvasTimeZone, sisIdParam } from '../common/shared-params.ts';

/** Account path ids: plain, `self`, `default` or `sis_account_id:`; resolved (404 when unknown) by the rule. */
const accountRef = z.string().meta({ description: 'Account id, self, default or sis_account_id:<value>.' });

export const listAccountsParams = z.object({ ...paginationParams });

export const showAccountParams = z.object({ id: accountRef });

export const listSubAccountsParams = z.object({
  account_id: accountRef,
  recursive: canvasBoolean().default(false),
  ...paginationParams,
});

export const createSubAccountParams = z.object({
  account_id: accountRef,
  // Optional here so a missing block answers Canvas's `account is missing`, not a keyed validation error.
  account: z
    .object({
      name: boundedText().optional(),
      sis_account_id: sisIdParam().optional(),
      default_time_zone: canvasTimeZone().optional(),
    })
    .optional(),
});
