import { z } from 'zod';
import { passwordParam, text } from '../users/users.params.ts';

export const setupStatusParams = z.object({});

export const firstPersonParams = z.object({ name: text(255).pipe(z.string().min(1)), unique_id: text(100).pipe(z.string().min(1)), password: passwordParam() });
export type FirstPersonParams = z.output<typeof firstPersonParams>;
