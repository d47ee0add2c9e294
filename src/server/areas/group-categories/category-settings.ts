import type { FieldIssue } from '../../domain/errors.ts';
import type { GroupCategoryData, GroupContextType } from '../../domain/records/group-records.ts';
import type { CategoryFields } from './group-categories.params.ts';

/** The category fields a create or update sets. */
export type CategorySettings = Pick<GroupCategoryData, 'name' | 'self_signup' | 'auto_leader' | 'group_limit'>;

/** Names Canvas keeps for the categories it creates itself. */
const RESERVED_NAMES: Readonly<Record<GroupContextType, readonly string[]>> = {
  Course: ['Student Groups', 'Imported Groups'],
  Account: ['Communities'],
};

const COURSE_ONLY = 'is only allowed for course group categories';

export interface ResolvedSettings {
  settings: CategorySettings;
  /** Groups to create: split_group_count wins over create_group_count (Canvas). */
  groupCount: number;
  /** Only split_group_count distributes students (docs/canvas-compatibility.md §0.4): create_group_count only creates. */
  split: boolean;
  errors: Record<string, FieldIssue[]>;
}

/**
 * Merges sent fields over the stored ones (a PUT keeps what it does not mention, docs/canvas-compatibility.md §0.4; an explicit
 * empty value clears) and checks the result. Every problem is collected, so one 400 names them all.
 */
export function resolveSettings(fields: CategoryFields, current: CategorySettings | undefined, contextType: GroupContextType): ResolvedSettings {
  const errors: Record<string, FieldIssue[]> = {};
  const fail = (field: string, type: string, message: string) => (errors[field] ??= []).push({ type, message });

  const name = fields.name ?? current?.name ?? '';
  if (name === '') fail('name', 'blank', "can't be blank");
  else if (RESERVED_NAMES[contextType].some((r) => r.toLowerCase() === name.toLowerCase()) && name !== current?.name) {
    fail('name', 'reserved', `${name} is a reserved name.`);
  }

  let selfSignup = current?.self_signup ?? null;
  if (fields.self_signup !== undefined) {
    if (fields.self_signup === null || fields.self_signup === 'enabled' || fields.self_signup === 'restricted') selfSignup = fields.self_signup;
    else fail('self_signup', 'inclusion', 'must be enabled, restricted or empty');
  } else if (fields.enable_self_signup !== undefined) {
    // Canvas's legacy pair: enable_self_signup, narrowed to the own section by restrict_self_signup.
    selfSignup = fields.enable_self_signup ? (fields.restrict_self_signup ? 'restricted' : 'enabled') : null;
  }
  if (selfSignup !== null && contextType === 'Account') fail('self_signup', 'invalid', COURSE_ONLY);

  let autoLeader = current?.auto_leader ?? null;
  if (fields.auto_leader !== undefined) {
    if (fields.auto_leader === null || fields.auto_leader === 'first' || fields.auto_leader === 'random') autoLeader = fields.auto_leader;
    else fail('auto_leader', 'inclusion', 'must be first, random or empty');
  }

  const groupLimit = fields.group_limit !== undefined ? fields.group_limit : (current?.group_limit ?? null);
  if (groupLimit !== null && groupLimit <= 1) fail('group_limit', 'greater_than', 'must be greater than 1');
  else if (groupLimit !== null && selfSignup === null) fail('group_limit', 'invalid', 'requires self signup');

  const split = fields.split_group_count !== undefined;
  const groupCount = fields.split_group_count ?? fields.create_group_count ?? 0;
  for (const field of ['split_group_count', 'create_group_count'] as const) {
    if (fields[field] !== undefined && contextType === 'Account') fail(field, 'invalid', COURSE_ONLY);
  }
  if (split && selfSignup !== null) fail('split_group_count', 'invalid', 'is not allowed together with self signup');

  return { settings: { name, self_signup: selfSignup, auto_leader: autoLeader, group_limit: groupLimit }, groupCount, split, errors };
}

/** Canvas names generated groups after the category's singular name: "Project Groups" → "Project Group 3". */
export function singularName(name: string): string {
  if (/ies$/i.test(name)) return name.replace(/ies$/i, (m) => (m === 'IES' ? 'Y' : 'y'));
  if (/(ss|us|is)$/i.test(name)) return name;
  return name.replace(/s$/i, '');
}
