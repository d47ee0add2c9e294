import { z } from 'zod';
import { canvasBoolean, canvasEnum, canvasString, paginationParams } from '../../http/params/canvas-params.ts';

export const listChannelsParams = z.object({ user_id: z.string(), ...paginationParams });
export type ListChannelsParams = z.output<typeof listChannelsParams>;

export const CHANNEL_TYPES = ['email', 'sms', 'push'] as const;

export const createChannelParams = z.object({
  user_id: z.string(),
  communication_channel: z.object({
    address: canvasString(z.string().trim().min(1).max(255)).meta({ description: 'An email address or a phone number.' }),
    type: canvasEnum(CHANNEL_TYPES),
    // Push channels register a device with a notification service; Outpost has none (the service answers 400).
    token: canvasString().optional(),
  }),
  skip_confirmation: canvasBoolean().default(false).meta({ description: 'Admins only: the channel is active at once instead of unconfirmed.' }),
});
export type CreateChannelParams = z.output<typeof createChannelParams>;
