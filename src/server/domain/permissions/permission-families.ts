import type { PermissionWriteParam } from './override-writes.ts';
import type { PermissionName } from './permission-catalog.ts';

/**
 * Canvas's granular permission names (docs/canvas-compatibility.md §5.8). Canvas later split several of the
 * 2017 permissions Outpost gates with into add / edit / delete parts; Outpost still gates each family as one
 * permission, so a granular name is another name for its family's permission: it reports the family's value and
 * writing it writes the family's override. Only families whose older permission Outpost knows are listed.
 */
const FAMILIES = {
  manage_wiki: ['manage_wiki_create', 'manage_wiki_update', 'manage_wiki_delete'],
  manage_assignments: ['manage_assignments_add', 'manage_assignments_edit', 'manage_assignments_delete'],
  manage_content: ['manage_course_content_add', 'manage_course_content_edit', 'manage_course_content_delete'],
  manage_files: ['manage_files_add', 'manage_files_edit', 'manage_files_delete'],
  manage_sections: ['manage_sections_add', 'manage_sections_edit', 'manage_sections_delete'],
  manage_groups: ['manage_groups_add', 'manage_groups_manage', 'manage_groups_delete'],
  lti_add_edit: ['manage_lti_add', 'manage_lti_edit', 'manage_lti_delete'],
  change_course_state: ['manage_courses_publish', 'manage_courses_conclude', 'manage_courses_reset', 'manage_courses_delete'],
  manage_courses: ['manage_courses_admin', 'manage_courses_add'],
  manage_students: ['add_student_to_course', 'remove_student_from_course', 'add_observer_to_course', 'remove_observer_from_course'],
  manage_admin_users: [
    'add_teacher_to_course', 'remove_teacher_from_course', 'add_ta_to_course', 'remove_ta_from_course',
    'add_designer_to_course', 'remove_designer_from_course', 'allow_course_admin_actions',
  ],
} as const satisfies Partial<Record<PermissionName, readonly string[]>>;

type FamilyName = keyof typeof FAMILIES;
type GranularPermissionName = (typeof FAMILIES)[FamilyName][number];

const FAMILY_OF: ReadonlyMap<string, FamilyName> = new Map(
  (Object.entries(FAMILIES) as [FamilyName, readonly string[]][]).flatMap(([family, members]) =>
    members.map((member) => [member, family] as const),
  ),
);

/** The older permission a granular name stands for, or undefined for any other name. */
function familyOf(name: string): PermissionName | undefined {
  return FAMILY_OF.get(name);
}

/** The granular names of an older permission (none for most). */
function granularNamesOf(name: PermissionName): readonly GranularPermissionName[] {
  return Object.hasOwn(FAMILIES, name) ? FAMILIES[name as FamilyName] : [];
}

/**
 * Role JSON's `permissions`, with every granular name listed right after its family and reporting the family's
 * value, so a script reading either name sees what Outpost enforces.
 */
export function withGranularNames<T extends object>(report: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(report).flatMap(([name, value]) => [
      [name, value] as const,
      ...granularNamesOf(name as PermissionName).map((member) => [member, { ...value }] as const),
    ]),
  );
}

type WriteParams = Readonly<Record<string, PermissionWriteParam | undefined>>;

/**
 * Folds granular entries of a `permissions[X]` map into their family's entry before the write is planned. One
 * family can only hold one value, so when a request gives a family several entries that disagree the most
 * restrictive wins: any explicit denial denies, any lock locks, any scope turned off stays off. Denying a part
 * Outpost cannot deny alone therefore denies the whole family, rather than leaving it granted.
 */
export function foldGranularWrites(params: WriteParams): Record<string, PermissionWriteParam | undefined> {
  const byFamily = new Map<string, PermissionWriteParam[]>();
  for (const [name, entry] of Object.entries(params)) {
    // The planner skips these anyway; dropping them here keeps them from outvoting a real entry.
    if (!entry || entry.readonly === true) continue;
    const family = familyOf(name) ?? name;
    byFamily.set(family, [...(byFamily.get(family) ?? []), entry]);
  }
  return Object.fromEntries(
    [...byFamily].map(([family, entries]) => [family, entries.length === 1 ? entries[0] : mostRestrictive(entries)]),
  );
}

function mostRestrictive(entries: readonly PermissionWriteParam[]): PermissionWriteParam {
  const values = entries.filter((e) => e.explicit === true && e.enabled !== undefined).map((e) => e.enabled);
  return {
    ...(values.length > 0 ? { explicit: true, enabled: values.every(Boolean) } : {}),
    ...anyFlag(entries, 'locked', true),
    ...anyFlag(entries, 'applies_to_self', false),
    ...anyFlag(entries, 'applies_to_descendants', false),
  };
}

/** A flag that wins when any entry sets it to `winner`; otherwise whatever the entries that give it say. */
function anyFlag(entries: readonly PermissionWriteParam[], key: 'locked' | 'applies_to_self' | 'applies_to_descendants', winner: boolean) {
  const given = entries.map((e) => e[key]).filter((v): v is boolean => v !== undefined);
  if (given.length === 0) return {};
  return { [key]: given.includes(winner) ? winner : !winner };
}
