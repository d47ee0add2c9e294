import { z } from 'zod';
import { canvasBoolean, canvasString } from '../../http/params/canvas-params.ts';
import { passwordParam, text } from '../users/users.params.ts';

export const hubStatusParams = z.object({});

export const nearbyHubsParams = z.object({});

export const connectHubParams = z.object({
  hub_url: canvasString().pipe(z.string().trim().max(2000)),
  unique_id: text(255).pipe(z.string().min(1)),
  password: passwordParam(),
});
export type ConnectHubParams = z.output<typeof connectHubParams>;

export const disconnectHubParams = z.object({ remove_data: canvasBoolean().optional() });
export type DisconnectHubParams = z.output<typeof disconnectHubParams>;
