import type { LatePolicyData } from '../../domain/records/late-policy-records.ts';
import type { Stored } from '../../domain/repository.ts';

/** Canvas's LatePolicySerializer: the policy under a `late_policy` root, these attributes only. */
export function latePolicyJson(record: Stored<LatePolicyData>): { late_policy: Record<string, unknown> } {
  const p = record.data;
  return {
    late_policy: {
      id: record.id,
      missing_submission_deduction_enabled: p.missing_submission_deduction_enabled,
      missing_submission_deduction: p.missing_submission_deduction,
      late_submission_deduction_enabled: p.late_submission_deduction_enabled,
      late_submission_deduction: p.late_submission_deduction,
      late_submission_interval: p.late_submission_interval,
      late_submission_minimum_percent_enabled: p.late_submission_minimum_percent_enabled,
      late_submission_minimum_percent: p.late_submission_minimum_percent,
    },
  };
}
