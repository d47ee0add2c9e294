import { isDeepStrictEqual } from 'node:util';
import type { WireRecord } from './sync-partitions.ts';

/** A conflict resolved by a type's policy: the state to write, and the fields both sides had changed. */
export interface MergedConflict {
  doc: WireRecord;
  overlapping: string[];
}

/** What a grader changes on a submission; the student's fields are everything else. Changed as one unit. */
export const SUBMISSION_GRADE_FIELDS = [
  'score', 'grade', 'points_deducted', 'grader_id', 'graded_at', 'excused', 'late_policy_status',
  'seconds_late_override', 'grade_matches_current_submission',
] as const;
const SUBMISSION_WORK_FIELDS = [
  'submission_type', 'body', 'url', 'attachment_ids', 'media_comment_id', 'media_comment_type', 'attempt', 'submitted_at',
] as const;

interface Policy {
  /** Fields that change together: a group is taken whole from one side. */
  groups: readonly (readonly string[])[];
  /** Fields that follow from the others (a submission's state): taken from the later side, never a conflict. */
  derived: readonly string[];
}

/**
 * Per-type conflict policies (docs/architecture.md §7). A type without one keeps the hub's state and the pushed state
 * is recorded as a conflict. Submissions merge three ways: a student's offline submission and a grader's
 * concurrent grade touch different field groups and both survive; when both sides changed the same group (two
 * graders), the later change wins and the conflict is recorded.
 */
const POLICIES: Readonly<Record<string, Policy>> = {
  submission: { groups: [SUBMISSION_GRADE_FIELDS, SUBMISSION_WORK_FIELDS], derived: ['workflow_state'] },
  custom_gradebook_column_datum: { groups: [['content']], derived: [] },
};

export function resolveConflict(base: WireRecord | undefined, ours: WireRecord, theirs: WireRecord): MergedConflict | undefined {
  const policy = POLICIES[ours.type];
  // Deletions and records the device never saw on the hub are not merged: the hub's state stands.
  if (!policy || !base || base._deleted || ours._deleted || theirs._deleted || theirs.type !== ours.type) return undefined;
  const covered = new Set([...policy.groups.flat(), ...policy.derived]);
  const rest = [...new Set([...Object.keys(ours.data), ...Object.keys(theirs.data)])].filter((f) => !covered.has(f)).map((f) => [f]);
  const oursIsLater = ours.updated_at > theirs.updated_at;
  const data: Record<string, unknown> = { ...theirs.data };
  const overlapping: string[] = [];
  for (const group of [...policy.groups, ...rest]) {
    const changedByUs = changed(group, base.data, ours.data);
    if (changedByUs.length === 0) continue;
    const changedByThem = changed(group, base.data, theirs.data);
    const clash = changedByThem.length > 0 && changed(group, theirs.data, ours.data).length > 0;
    if (clash) overlapping.push(...new Set([...changedByUs, ...changedByThem]));
    if (!clash || oursIsLater) for (const field of group) copyField(data, ours.data, field);
  }
  const later = oursIsLater ? ours : theirs;
  for (const field of policy.derived) copyField(data, later.data, field);
  return {
    doc: { ...theirs, data, updated_at: later.updated_at, updated_by: later.updated_by, request_id: later.request_id },
    overlapping,
  };
}

/**
 * A submission's fields before anyone submitted or graded: the state of the hub's placeholders (Canvas keeps one
 * per student) and of a device's first attempt before its student wrote anything.
 */
const FRESH_SUBMISSION: Readonly<Record<string, unknown>> = {
  submission_type: null, body: null, url: null, attachment_ids: [], media_comment_id: null, media_comment_type: null,
  attempt: null, submitted_at: null, score: null, grade: null, points_deducted: null, grader_id: null, graded_at: null,
  grade_matches_current_submission: true, excused: false, late_policy_status: null, seconds_late_override: null,
  workflow_state: 'unsubmitted',
};

/**
 * A pushed new record that duplicates one the hub holds under another id (same lookup key: one submission per
 * student and assignment), merged into the hub's record. Neither side saw the other, so both are compared with a
 * fresh submission: a group only one side changed comes from that side (the device's attempt into the hub's
 * placeholder; the hub's grade stays unless the device graded too), and where both changed a group the later
 * change wins and the fields are reported, exactly as `resolveConflict` does for a record both sides share.
 */
export function resolveDuplicate(ours: WireRecord, theirs: WireRecord): MergedConflict | undefined {
  if (ours.type !== 'submission' || theirs.type !== ours.type) return undefined;
  const base: WireRecord = { ...theirs, data: { ...theirs.data, ...FRESH_SUBMISSION } };
  return resolveConflict(base, { ...ours, key: theirs.key, id: theirs.id }, theirs);
}

function changed(fields: readonly string[], from: Record<string, unknown>, to: Record<string, unknown>): string[] {
  return fields.filter((f) => !isDeepStrictEqual(from[f], to[f]));
}

function copyField(target: Record<string, unknown>, source: Record<string, unknown>, field: string): void {
  if (field in source) target[field] = source[field];
  else delete target[field];
}
