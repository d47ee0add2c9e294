import { z } from 'zod';
import { canvasBoolean } from '../../http/params/canvas-params.ts';

export const classroomStateParams = z.object({});

export const shareParams = z.object({ share: canvasBoolean() });
export type ShareParams = z.output<typeof shareParams>;

export const delegationParams = z.object({});
