import { z } from 'zod';
import { canvasId } from '../../http/params/canvas-params.ts';

/**
 * Canvas names a channel by id or by `:type/:address`; both forms are here so each route takes one. The
 * preferences themselves stay raw: their keys are notification names (checked against the catalogue) and a
 * record parsed from them must never take a key like `__proto__` as its own.
 */
const byId = { communication_channel_id: canvasId() };
const byAddress = { type: z.string().meta({ description: 'Channel type, e.g. email.' }), address: z.string() };
const userRef = { user_id: z.string().meta({ description: 'User id, self, or sis_user_id:<value>.' }) };
const preferences = {
  notification_preferences: z.unknown().optional().meta({ description: 'notification_preferences[frequency], or [<notification>][frequency] for several.' }),
};
const notification = { notification: z.string().meta({ description: 'Notification name, e.g. new_announcement.' }) };

export const channelByIdParams = z.object({ ...userRef, ...byId });
export const channelByAddressParams = z.object({ ...userRef, ...byAddress });
export const preferenceByIdParams = z.object({ ...userRef, ...byId, ...notification });
export const preferenceByAddressParams = z.object({ ...userRef, ...byAddress, ...notification });

export const updateOneByIdParams = z.object({ ...byId, ...notification, ...preferences });
export const updateOneByAddressParams = z.object({ ...byAddress, ...notification, ...preferences });
export const updateCategoryParams = z.object({ ...byId, category: z.string(), ...preferences });
export const updateManyByIdParams = z.object({ ...byId, ...preferences });
export const updateManyByAddressParams = z.object({ ...byAddress, ...preferences });
