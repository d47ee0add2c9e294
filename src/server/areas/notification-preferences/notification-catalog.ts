import type { Frequency } from '../../domain/records/notification-records.ts';

/**
 * The notifications Canvas sends, by category (`app/messages/notification_types.yml`, the deprecated Reminder
 * category left out; Enrollment Accepted under Membership Update, as docs/canvas-compatibility.md §10 has it), each category with
 * the default frequency of `Notification#default_frequency` on a user's primary email channel.
 */
const CATEGORIES: ReadonlyArray<readonly [category: string, defaultFrequency: Frequency, notifications: readonly string[]]> = [
  ['Added To Conversation', 'daily', ['Added To Conversation']],
  ['Alert', 'daily', ['Alert']],
  ['All Submissions', 'never', ['Assignment Submitted', 'Assignment Resubmitted', 'Submission Needs Grading']],
  ['Announcement', 'immediately', ['New Announcement']],
  ['Announcement Created By You', 'daily', ['Announcement Created By You', 'Announcement Reply']],
  ['Appointment Availability', 'immediately', ['Appointment Group Published', 'Appointment Group Updated']],
  ['Appointment Cancelations', 'immediately', ['Appointment Deleted For User', 'Appointment Group Deleted']],
  ['Appointment Signups', 'immediately', ['Appointment Reserved For User']],
  ['Calendar', 'never', ['New Event Created', 'Event Date Changed']],
  ['Conversation Message', 'daily', ['Conversation Message']],
  ['Course Content', 'never', ['Assignment Changed', 'Updated Wiki Page']],
  ['Discussion', 'never', ['New Discussion Topic']],
  ['DiscussionEntry', 'daily', ['New Discussion Entry']],
  ['Due Date', 'weekly', ['Assignment Created', 'Assignment Due Date Changed', 'Assignment Due Date Override Changed']],
  ['Files', 'never', ['New File Added', 'New Files Added']],
  ['Grading', 'immediately', ['Assignment Graded', 'Assignment Unmuted', 'Submission Graded', 'Submission Grade Changed', 'Quiz Regrade Finished']],
  ['Grading Policies', 'weekly', ['Grade Weight Changed']],
  [
    'Invitation',
    'immediately',
    [
      'Collaboration Invitation',
      'Web Conference Invitation',
      'New Context Group Membership Invitation',
      'Rubric Assessment Submission Reminder',
      'Rubric Assessment Invitation',
      'Rubric Association Created',
      'Peer Review Invitation',
    ],
  ],
  ['Late Grading', 'daily', ['Assignment Submitted Late', 'Group Assignment Submitted Late']],
  ['Membership Update', 'daily', ['New Context Group Membership', 'Group Membership Accepted', 'Group Membership Rejected', 'Enrollment Accepted']],
  [
    'Migration',
    'immediately',
    ['Migration Export Ready', 'Migration Import Finished', 'Migration Import Failed', 'Content Export Finished', 'Content Export Failed'],
  ],
  ['Other', 'daily', ['New Account User', 'New Course', 'Report Generated', 'Report Generation Failed', 'New User', 'New Student Organized Group']],
  ['Recording Ready', 'daily', ['Web Conference Recording Ready']],
  [
    'Registration',
    'immediately',
    [
      'Confirm Email Communication Channel',
      'Merge Email Communication Channel',
      'Confirm SMS Communication Channel',
      'Pseudonym Registration',
      'Confirm Registration',
      'Forgot Password',
      'Account User Registration',
      'Account User Notification',
      'Enrollment Invitation',
      'Enrollment Registration',
      'Enrollment Notification',
    ],
  ],
  ['Student Appointment Signups', 'never', ['Appointment Canceled By User', 'Appointment Reserved By User']],
  ['Submission Comment', 'daily', ['Submission Comment', 'Submission Comment For Teacher']],
  ['Summaries', 'daily', ['Summaries']],
];

export interface NotificationType {
  /** `submission_grade_changed`: the preference's `notification` and the key it is stored under. */
  readonly slug: string;
  /** `discussion_entry`: the preference's `category` (Rails' `underscore`). */
  readonly category: string;
  /** `discussionentry`: the category list's spelling (Canvas's `category_slug` strips non-word characters). */
  readonly categorySlug: string;
  readonly defaultFrequency: Frequency;
}

/** Rails' `underscore` for these names, then spaces to `_`: "DiscussionEntry" → discussion_entry. */
const underscore = (name: string) => name.replace(/([a-z\d])([A-Z])/g, '$1_$2').replace(/\s+/g, '_').toLowerCase();

/**
 * How a name from a URL is matched. Canvas titleizes it ("due_date" → "Due Date"), which can never find
 * DiscussionEntry or "Confirm SMS …"; ignoring case and separators finds every spelling Canvas itself prints.
 */
export const lookupForm = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export const NOTIFICATIONS: readonly NotificationType[] = CATEGORIES.flatMap(([category, defaultFrequency, names]) =>
  names.map((name) => ({
    slug: underscore(name),
    category: underscore(category),
    categorySlug: category.replace(/ /g, '_').replace(/\W/g, '').toLowerCase(),
    defaultFrequency,
  })),
);

/** `{"categories":[…]}`: each category once, in catalogue order. */
export const CATEGORY_SLUGS: readonly string[] = [...new Set(NOTIFICATIONS.map((n) => n.categorySlug))];

const byName = new Map(NOTIFICATIONS.map((n) => [lookupForm(n.slug), n]));

export function findNotification(name: string): NotificationType | undefined {
  return byName.get(lookupForm(name));
}

/** The notifications of a category, by any spelling of it; empty when there is no such category. */
export function notificationsOfCategory(name: string): NotificationType[] {
  const wanted = lookupForm(name);
  return NOTIFICATIONS.filter((n) => lookupForm(n.category) === wanted);
}
