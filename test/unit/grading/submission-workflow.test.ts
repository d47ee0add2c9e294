import { describe, expect, it } from 'vitest';
import { clearGrade, excuse, grade, placeholder, setLateStatus, submit } from '../../../src/server/areas/submissions/submission-workflow.ts';
import { needsGrading } from '../../../src/server/domain/records/submission-records.ts';
import type { AssignmentData } from '../../../src/server/domain/records/content-records.ts';

const assignment = { id: 5, data: { course_id: 1, submission_types: ['online_text_entry'], due_at: null } as unknown as AssignmentData };
const NOW = Date.parse('2030-01-01T00:00:00Z');
const text = { submission_type: 'online_text_entry' as const, body: '<p>x</p>' };
const at = (now: number) => ({ madeAt: now, receivedAt: now });

describe('submission workflow (docs/canvas-compatibility.md §8.2)', () => {
  it('a placeholder is unsubmitted with no attempt and needs no grading', () => {
    const s = placeholder(assignment, 9);
    expect(s).toMatchObject({ assignment_id: 5, user_id: 9, attempt: null, workflow_state: 'unsubmitted', score: null });
    expect(needsGrading(s)).toBe(false);
  });

  it('submitting counts attempts; a resubmission keeps the score but no longer matches it', () => {
    const first = submit(placeholder(assignment, 9), text, at(NOW));
    expect(first).toMatchObject({ attempt: 1, workflow_state: 'submitted', submitted_at: '2030-01-01T00:00:00Z', received_at: null, grade_matches_current_submission: true });
    expect(needsGrading(first)).toBe(true);
    const graded = grade(first, 8, '8', 3, NOW);
    expect(graded).toMatchObject({ workflow_state: 'graded', attempt: 1, grader_id: 3 });
    expect(needsGrading(graded)).toBe(false);
    const again = submit(graded, text, at(NOW + 1000));
    expect(again).toMatchObject({ attempt: 2, score: 8, workflow_state: 'submitted', grade_matches_current_submission: false });
    expect(needsGrading(again)).toBe(true);
  });

  it('an attempt made offline keeps when it was made as submitted_at and when it arrived as received_at', () => {
    const offline = submit(placeholder(assignment, 9), text, { madeAt: NOW, receivedAt: NOW + 3_600_000 });
    expect(offline).toMatchObject({ submitted_at: '2030-01-01T00:00:00Z', received_at: '2030-01-01T01:00:00Z' });
    // Within the same second both read the same: nothing to tell apart.
    expect(submit(placeholder(assignment, 9), text, { madeAt: NOW, receivedAt: NOW + 400 }).received_at).toBeNull();
  });

  it('clearing returns to submitted or unsubmitted; excusing clears and un-excusing restores', () => {
    const graded = grade(placeholder(assignment, 9), 5, '5', 3, NOW);
    expect(clearGrade(graded)).toMatchObject({ score: null, grade: null, workflow_state: 'unsubmitted' });
    expect(clearGrade(grade(submit(placeholder(assignment, 9), text, at(NOW)), 5, '5', 3, NOW)).workflow_state).toBe('submitted');
    const excused = excuse(setLateStatus(graded, 'late', 60), true, 3, NOW);
    expect(excused).toMatchObject({ excused: true, score: null, late_policy_status: null, seconds_late_override: null, workflow_state: 'graded' });
    expect(needsGrading(excused)).toBe(false);
    expect(excuse(excused, false, 3, NOW)).toMatchObject({ excused: false, workflow_state: 'unsubmitted' });
    expect(setLateStatus(excused, 'missing', 60)).toMatchObject({ excused: false, late_policy_status: 'missing', seconds_late_override: null });
  });
});
