import { z } from 'zod';

/**
 * The subscription hash is checked by the service, after the JWT and the tool's service contract: Canvas answers
 * a bad hash with its own `{"error":"Invalid subscription"}`, not the generic parameter errors.
 */
const subscriptionHash = z.record(z.string(), z.unknown());

export const subscriptionWriteParams = z.object({
  subscription: subscriptionHash.optional(),
  // The spec names the context id `submission[ContextId]` (a typo in Canvas's docs that clients copy).
  submission: subscriptionHash.optional(),
});

export const subscriptionIdParams = z.object({ id: z.string().min(1).max(200) });

export const subscriptionUpdateParams = subscriptionWriteParams.extend(subscriptionIdParams.shape);

export const authorizeParams = z.object({
  account_id: z.string().min(1).max(100),
  grant_type: z.string().max(200).optional(),
  assertion: z.string().max(20_000).optional(),
});
