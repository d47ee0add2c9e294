import { z } from 'zod';
import { courseIdParam } from '../modules/modules.params.ts';

const TRUE_WORDS = ['true', 't', 'yes', 'y', 'on', '1'];
const FALSE_WORDS = ['false', 'f', 'no', 'n', 'off', '0'];

/**
 * A setting's boolean. Stricter than Canvas's `value_to_boolean` (where `"abc"` is false): a typo must not
 * silently switch a course feature off, so anything but a boolean word or a JSON boolean is a 400.
 */
const settingBoolean = () =>
  z
    .union([z.boolean(), z.string().trim().toLowerCase().pipe(z.enum([...TRUE_WORDS, ...FALSE_WORDS]))])
    .transform((value) => value === true || TRUE_WORDS.includes(String(value)))
    .meta({ description: 'Boolean: true/t/yes/y/on/1 or false/f/no/n/off/0 (case-insensitive); anything else is a 400.' });

export const showSettingsParams = z.object({ course_id: courseIdParam });

/** Canvas sends settings as top-level parameters; unknown settings are ignored. */
export const updateSettingsParams = z.object({
  course_id: courseIdParam,
  conditional_release: settingBoolean().optional().meta({ description: 'Mastery Paths (Canvas conditional release) on or off.' }),
});
export type SettingsChanges = Omit<z.output<typeof updateSettingsParams>, 'course_id'>;
