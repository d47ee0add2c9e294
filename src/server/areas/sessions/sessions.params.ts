import { z } from 'zod';
import { passwordParam, text } from '../users/users.params.ts';

export const signInParams = z.object({ unique_id: text(255), password: passwordParam() });
export type SignInParams = z.output<typeof signInParams>;

export const sessionParams = z.object({});
