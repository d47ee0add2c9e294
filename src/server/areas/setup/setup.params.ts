import { z } from 'zod';
import { isOutpostLocale } from '../../../contracts/locales.ts';
import { passwordParam, text } from '../users/users.params.ts';

export const setupStatusParams = z.object({});

export const firstPersonParams = z.object({
  name: text(255).pipe(z.string().min(1)),
  unique_id: text(100).pipe(z.string().min(1)),
  password: passwordParam(),
  /** The language the first-run screen was shown in, kept as the new person's `locale`. */
  locale: text(32).pipe(z.string().refine(isOutpostLocale, 'is not a language Outpost has')).optional(),
});
export type FirstPersonParams = z.output<typeof firstPersonParams>;
