import { isDeepStrictEqual } from 'node:util';

/** Fields of a record before and after one write: the ones it changed, and the other fields of their groups. */
export interface FieldChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

interface ConflictPolicy {
  /** Fields that change together: a write to one of them is a write to the group. */
  groups: readonly (readonly string[])[];
  /** Fields that follow from the others (a submission's state, a page's revision number): never a conflict. */
  derived: readonly string[];
}

/**
 * One conflict policy per record type (decision 0045). A device records, with each write, the fields it changed
 * (before and after) grouped as its type's policy says; the hub compares those with its own record before replaying
 * the write. A group both sides changed is a conflict; different groups are not. Types without an entry here are
 * compared field by field. Submissions: a student's work and a grader's grade are separate groups, so an offline
 * submission and a concurrent grade both stand, while two graders on one cell conflict.
 */
const POLICIES: Readonly<Record<string, ConflictPolicy>> = {
  submission: {
    groups: [
      ['score', 'grade', 'points_deducted', 'grader_id', 'graded_at', 'excused', 'late_policy_status', 'seconds_late_override'],
      ['submission_type', 'body', 'url', 'attachment_ids', 'media_comment_id', 'media_comment_type', 'attempt', 'submitted_at'],
    ],
    // A new attempt marks an existing grade as not matching it: that follows from both groups, it is no one's edit.
    derived: ['workflow_state', 'grade_matches_current_submission'],
  },
  custom_gradebook_column_datum: { groups: [['content']], derived: [] },
  // The slug follows the title, and each edit counts a new revision by its editor: both sides always move those.
  wiki_page: { groups: [], derived: ['url', 'old_urls', 'revision', 'revised_at', 'last_edited_by'] },
};

/** What a write changed in a record of `type`, as the device records it; null when it changed no data field. */
export function changeOf(type: string, before: Record<string, unknown>, after: Record<string, unknown>): FieldChange | null {
  const groups = groupsOf(type, before, after).filter((group) => differing(group, before, after).length > 0);
  if (groups.length === 0) return null;
  const fields = groups.flat();
  return { before: pick(before, fields), after: pick(after, fields) };
}

/**
 * The fields of the groups both the write and the hub changed: the write changed its group from `before` to
 * `after`, and the hub's record no longer holds `before` in that group (nor the same `after`). Empty: no conflict.
 */
export function clashingFields(type: string, change: FieldChange, hub: Record<string, unknown>): string[] {
  const clashing: string[] = [];
  for (const group of groupsOf(type, change.before, change.after)) {
    const recorded = group.filter((field) => Object.hasOwn(change.before, field) || Object.hasOwn(change.after, field));
    if (recorded.length === 0 || differing(recorded, change.before, change.after).length === 0) continue;
    const changedOnHub = differing(recorded, change.before, hub);
    if (changedOnHub.length > 0 && differing(recorded, change.after, hub).length > 0) clashing.push(...recorded);
  }
  return clashing;
}

/** The policy's groups, and every other (non-derived) field of either state as a group of its own. */
function groupsOf(type: string, ...states: Record<string, unknown>[]): (readonly string[])[] {
  const policy = POLICIES[type] ?? { groups: [], derived: [] };
  const covered = new Set([...policy.groups.flat(), ...policy.derived]);
  const rest = [...new Set(states.flatMap((state) => Object.keys(state)))].filter((field) => !covered.has(field));
  return [...policy.groups, ...rest.map((field) => [field])];
}

function differing(fields: readonly string[], from: Record<string, unknown>, to: Record<string, unknown>): string[] {
  return fields.filter((field) => !isDeepStrictEqual(from[field] ?? null, to[field] ?? null));
}

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, data[field] ?? null]));
}
