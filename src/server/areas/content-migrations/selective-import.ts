import type { MigrationSelectable } from '../../domain/records/export-records.ts';
import type { CartridgePlan } from './cartridge-reader.ts';

/**
 * Canvas's selective import (decision 0130): a migration created with `selective_import` stops at
 * `waiting_for_select` once its archive is checked, lists what it holds by Canvas's content types
 * (`selective_data`), and imports what the `copy[...]` parameters of `PUT …/content_migrations/:id` pick.
 */

/** Canvas's selective-data types Outpost imports, in Canvas's order. */
export const SELECTIVE_TYPES = ['context_modules', 'assignments', 'discussion_topics', 'wiki_pages', 'attachments'] as const;
export type SelectiveType = (typeof SELECTIVE_TYPES)[number];
/** Canvas's titles of those types in its selective data. */
export const SELECTIVE_TITLES: Record<SelectiveType, string> = {
  context_modules: 'Modules',
  assignments: 'Assignments',
  discussion_topics: 'Discussion Topics',
  wiki_pages: 'Pages',
  attachments: 'Files',
};

export type SelectableContent = Record<SelectiveType, MigrationSelectable[]>;

/** `copy` as Canvas takes it: `all_<type>` flags, and `<type>` hashes of `id_<migration_id>` flags. */
export type CopySelection = Record<string, boolean | Record<string, boolean>>;

/** What a person can pick from a checked cartridge, type by type. */
export function selectableContent(plan: CartridgePlan): SelectableContent {
  return {
    context_modules: plan.modules.map((m) => ({ migration_id: m.ref, title: m.name })),
    assignments: plan.assignments.map((a) => ({ migration_id: a.ref, title: a.name })),
    discussion_topics: plan.topics.map((t) => ({ migration_id: t.ref, title: t.title })),
    wiki_pages: plan.pages.map((p) => ({ migration_id: p.ref, title: p.title })),
    attachments: plan.files.map((f) => ({ migration_id: f.ref, title: f.name })),
  };
}

/**
 * The part of the plan `copy` picks. As in Canvas, a module brings the content its items point at, and an
 * assignment brings its assignment group; an item whose content was not picked is skipped with a warning when
 * the module is written.
 */
export function selectedPlan(plan: CartridgePlan, copy: CopySelection): CartridgePlan {
  const picked = (type: SelectiveType, ref: string): boolean => {
    if (copy[`all_${type}`] === true) return true;
    const some = copy[type];
    return typeof some === 'object' && some[`id_${ref}`] === true;
  };
  const modules = plan.modules.filter((m) => picked('context_modules', m.ref));
  const inModules = new Set(modules.flatMap((m) => m.items.map((i) => i.resource).filter((r): r is string => r !== null)));
  const take = (type: SelectiveType, ref: string): boolean => picked(type, ref) || inModules.has(ref);
  const assignments = plan.assignments.filter((a) => take('assignments', a.ref));
  const groupRefs = new Set(assignments.map((a) => a.group_ref));
  return {
    ...plan,
    modules,
    assignments,
    groups: plan.groups.filter((g) => groupRefs.has(g.ref)),
    topics: plan.topics.filter((t) => take('discussion_topics', t.ref)),
    pages: plan.pages.filter((p) => take('wiki_pages', p.ref)),
    files: plan.files.filter((f) => take('attachments', f.ref)),
  };
}
