import { defineMessages } from '@formatjs/intl';
import { NO_LATE_POLICY, type Course, type CourseFeatureSettings, type LatePolicy } from '../../../../contracts/lms-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';
import { fromCourseInput, toCourseInput } from '../../lib/course-time.ts';
import type { CourseSettingsChange } from '../../stores/authoring-store.ts';

/** The course settings form as the person edits it: percentages as typed, dates in the zone chosen in the form. */
export interface CourseSettingsValues {
  name: string;
  timeZone: string;
  startAt: string;
  endAt: string;
  gradingScheme: boolean;
  offlineLockedContent: boolean;
  masteryPaths: boolean;
  lateDeductionEnabled: boolean;
  lateDeduction: string;
  lateInterval: LatePolicy['late_submission_interval'];
  lowestGradeEnabled: boolean;
  lowestGrade: string;
  missingDeductionEnabled: boolean;
  missingDeduction: string;
}

/** What the form starts from; `latePolicy` is undefined for those who may not grade (the section is not shown). */
export interface CourseSettingsSource {
  course: Course;
  features: CourseFeatureSettings;
  latePolicy: LatePolicy | null | undefined;
  /** The computer's zone, for a course that has none. */
  fallbackZone: string;
}

export const PERCENT_LABELS: Messages<'lateDeduction' | 'lowestGrade' | 'missingDeduction'> = defineMessages({
  lateDeduction: { id: 'courseSettings.late.deduction', defaultMessage: 'Late submission deduction (%)' },
  lowestGrade: { id: 'courseSettings.late.lowestGrade', defaultMessage: 'Lowest possible grade (%)' },
  missingDeduction: { id: 'courseSettings.missing.deduction', defaultMessage: 'Missing submission deduction (%)' },
});

const problems: Messages<'noName' | 'badStart' | 'badEnd' | 'badPercent'> = defineMessages({
  noName: { id: 'courseSettings.noName', defaultMessage: 'Give the course a name.' },
  badStart: { id: 'courseSettings.badStart', defaultMessage: 'Start date is not a date and time.' },
  badEnd: { id: 'courseSettings.badEnd', defaultMessage: 'End date is not a date and time.' },
  badPercent: {
    id: 'courseSettings.badPercent',
    defaultMessage: '{field} must be a number from 0 to 100.',
    description: '{field}: the name of a percentage field, e.g. “Late submission deduction (%)”.',
  },
});

export function settingsValuesOf({ course, features, latePolicy, fallbackZone }: CourseSettingsSource): CourseSettingsValues {
  const timeZone = course.time_zone ?? fallbackZone;
  const policy = latePolicy ?? NO_LATE_POLICY;
  return {
    name: course.name,
    timeZone,
    startAt: toCourseInput(course.start_at, timeZone),
    endAt: toCourseInput(course.end_at, timeZone),
    gradingScheme: course.grading_standard_id !== null && course.grading_standard_id !== undefined,
    offlineLockedContent: course.offline_locked_content ?? false,
    masteryPaths: features.conditional_release,
    lateDeductionEnabled: policy.late_submission_deduction_enabled,
    lateDeduction: String(policy.late_submission_deduction),
    lateInterval: policy.late_submission_interval,
    lowestGradeEnabled: policy.late_submission_minimum_percent_enabled,
    lowestGrade: String(policy.late_submission_minimum_percent),
    missingDeductionEnabled: policy.missing_submission_deduction_enabled,
    missingDeduction: String(policy.missing_submission_deduction),
  };
}

/** What to send, or why the form cannot be sent yet (in the current language); the server checks it all again. */
export function settingsChangeOf(values: CourseSettingsValues, source: CourseSettingsSource): CourseSettingsChange | string {
  const intl = currentIntl();
  if (values.name.trim() === '') return intl.formatMessage(problems.noName);
  const startAt = fromCourseInput(values.startAt, values.timeZone);
  if (startAt === undefined) return intl.formatMessage(problems.badStart);
  const endAt = fromCourseInput(values.endAt, values.timeZone);
  if (endAt === undefined) return intl.formatMessage(problems.badEnd);
  const change: CourseSettingsChange = {
    course: {
      name: values.name.trim(),
      start_at: startAt,
      end_at: endAt,
      time_zone: values.timeZone,
      grading_standard_enabled: values.gradingScheme,
      offline_locked_content: values.offlineLockedContent,
    },
  };
  if (values.masteryPaths !== source.features.conditional_release) change.features = { conditional_release: values.masteryPaths };
  if (source.latePolicy === undefined) return change;

  const percents = { lateDeduction: values.lateDeduction, lowestGrade: values.lowestGrade, missingDeduction: values.missingDeduction };
  const parsed: Record<keyof typeof percents, number> = { lateDeduction: 0, lowestGrade: 0, missingDeduction: 0 };
  for (const field of Object.keys(percents) as Array<keyof typeof percents>) {
    const typed = percents[field].trim().replace(',', '.');
    const value = typed === '' ? 0 : Number(typed);
    if (!(Number.isFinite(value) && value >= 0 && value <= 100)) return intl.formatMessage(problems.badPercent, { field: intl.formatMessage(PERCENT_LABELS[field]) });
    parsed[field] = value;
  }
  const policy: LatePolicy = {
    missing_submission_deduction_enabled: values.missingDeductionEnabled,
    missing_submission_deduction: parsed.missingDeduction,
    late_submission_deduction_enabled: values.lateDeductionEnabled,
    late_submission_deduction: parsed.lateDeduction,
    late_submission_interval: values.lateInterval,
    late_submission_minimum_percent_enabled: values.lowestGradeEnabled,
    late_submission_minimum_percent: parsed.lowestGrade,
  };
  // A policy rescores every submission of the course: send it only when it changes something.
  if (!samePolicy(policy, source.latePolicy ?? NO_LATE_POLICY)) change.latePolicy = { policy, exists: source.latePolicy !== null };
  return change;
}

function samePolicy(a: LatePolicy, b: LatePolicy): boolean {
  return (Object.keys(a) as Array<keyof LatePolicy>).every((key) => a[key] === b[key]);
}

/** Every IANA zone this computer knows, with the course's own first in line if the list lacks it. */
export function timeZoneChoices(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}
