import { describe, expect, it } from 'vitest';
import {
  expectsSubmission,
  isLate,
  isMissing,
  lateDeduction,
  missingScore,
  secondsLate,
  type LatePolicy,
  type TardinessFacts,
} from '../../../src/server/domain/grading/late-policy.ts';

const DUE = '2030-01-10T12:00:00Z';
const due = Date.parse(DUE);
const facts = (over: Partial<TardinessFacts> = {}): TardinessFacts => ({
  due_at: DUE,
  submitted_at: null,
  submission_type: null,
  late_policy_status: null,
  seconds_late_override: null,
  excused: false,
  expectsSubmission: true,
  ...over,
});
const policy: LatePolicy = {
  missing_submission_deduction_enabled: true,
  missing_submission_deduction: 70,
  late_submission_deduction_enabled: true,
  late_submission_deduction: 10,
  late_submission_interval: 'day',
  late_submission_minimum_percent_enabled: true,
  late_submission_minimum_percent: 50,
};

describe('tardiness', () => {
  it('seconds late from submitted_at (or now), 0 without a due date or on time', () => {
    const at = new Date(due + 90_000).toISOString();
    expect(secondsLate(facts({ submitted_at: at }), 0)).toBe(90);
    expect(secondsLate(facts({ submitted_at: at, submission_type: 'online_quiz' }), 0)).toBe(30);
    expect(secondsLate(facts(), due + 5000)).toBe(5);
    expect(secondsLate(facts({ due_at: null }), due + 5000)).toBe(0);
    expect(secondsLate(facts({ submitted_at: DUE }), 0)).toBe(0);
    expect(secondsLate(facts({ late_policy_status: 'late', seconds_late_override: 7 }), 0)).toBe(7);
  });

  it('late: submitted after due, or marked late; never when excused', () => {
    const lateAt = new Date(due + 1000).toISOString();
    expect(isLate(facts({ submitted_at: lateAt }), 0)).toBe(true);
    expect(isLate(facts({ submitted_at: lateAt, excused: true }), 0)).toBe(false);
    expect(isLate(facts({ submitted_at: lateAt, late_policy_status: 'none' }), 0)).toBe(false);
    expect(isLate(facts({ late_policy_status: 'late' }), 0)).toBe(true);
    expect(isLate(facts(), due + 1000)).toBe(false);
  });

  it('missing: past due, not submitted, a submission expected; or marked missing', () => {
    expect(isMissing(facts(), due + 1000)).toBe(true);
    expect(isMissing(facts(), due - 1000)).toBe(false);
    expect(isMissing(facts({ expectsSubmission: false }), due + 1000)).toBe(false);
    expect(isMissing(facts({ submitted_at: DUE }), due + 1000)).toBe(false);
    expect(isMissing(facts({ late_policy_status: 'missing', due_at: null }), 0)).toBe(true);
    expect(isMissing(facts({ excused: true }), due + 1000)).toBe(false);
  });

  it('expects a submission unless a no-submission type is among the types', () => {
    expect(expectsSubmission(['online_text_entry'])).toBe(true);
    expect(expectsSubmission(['none'])).toBe(false);
    expect(expectsSubmission(['on_paper', 'online_url'])).toBe(false);
    expect(expectsSubmission([])).toBe(false);
  });
});

describe('late policy', () => {
  it('deducts per started interval, capped at the minimum percent (reference example)', () => {
    expect(lateDeduction(policy, 9, 10, 'points', 2.5 * 86400)).toBe(3);
    expect(lateDeduction(policy, 9, 10, 'points', 10 * 86400)).toBe(4);
    expect(lateDeduction({ ...policy, late_submission_interval: 'hour' }, 9, 10, 'points', 3601)).toBe(2);
  });

  it('deducts nothing when disabled, ungraded, on time, or pass_fail', () => {
    expect(lateDeduction(undefined, 9, 10, 'points', 86400)).toBe(0);
    expect(lateDeduction({ ...policy, late_submission_deduction_enabled: false }, 9, 10, 'points', 86400)).toBe(0);
    expect(lateDeduction(policy, null, 10, 'points', 86400)).toBe(0);
    expect(lateDeduction(policy, 9, 10, 'points', 0)).toBe(0);
    expect(lateDeduction(policy, 10, 10, 'pass_fail', 86400)).toBe(0);
    expect(lateDeduction(policy, 9, 0, 'points', 86400)).toBe(0);
  });

  it('missing submissions score points_possible minus the missing deduction (0 for pass_fail)', () => {
    expect(missingScore(policy, 10, 'points')).toBe(3);
    expect(missingScore(policy, 10, 'pass_fail')).toBe(0);
    expect(missingScore(undefined, 10, 'points')).toBeUndefined();
  });
});
