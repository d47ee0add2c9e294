import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

/** Canvas's notification categories (the server's catalogue, `notification-catalog.ts`), by their API slug. */
const CATEGORY_LABELS = defineMessages({
  added_to_conversation: { id: 'notifications.category.addedToConversation', defaultMessage: 'Added to conversation' },
  alert: { id: 'notifications.category.alert', defaultMessage: 'Alert' },
  all_submissions: { id: 'notifications.category.allSubmissions', defaultMessage: 'All submissions' },
  announcement: { id: 'notifications.category.announcement', defaultMessage: 'Announcement' },
  announcement_created_by_you: { id: 'notifications.category.announcementCreatedByYou', defaultMessage: 'Announcement created by you' },
  appointment_availability: { id: 'notifications.category.appointmentAvailability', defaultMessage: 'Appointment availability' },
  appointment_cancelations: { id: 'notifications.category.appointmentCancelations', defaultMessage: 'Appointment cancelations' },
  appointment_signups: { id: 'notifications.category.appointmentSignups', defaultMessage: 'Appointment signups' },
  calendar: { id: 'notifications.category.calendar', defaultMessage: 'Calendar' },
  conversation_message: { id: 'notifications.category.conversationMessage', defaultMessage: 'Conversation message' },
  course_content: { id: 'notifications.category.courseContent', defaultMessage: 'Course content' },
  discussion: { id: 'notifications.category.discussion', defaultMessage: 'Discussion' },
  discussion_entry: { id: 'notifications.category.discussionEntry', defaultMessage: 'Discussion entry' },
  due_date: { id: 'notifications.category.dueDate', defaultMessage: 'Due date' },
  files: { id: 'notifications.category.files', defaultMessage: 'Files' },
  grading: { id: 'notifications.category.grading', defaultMessage: 'Grading' },
  grading_policies: { id: 'notifications.category.gradingPolicies', defaultMessage: 'Grading policies' },
  invitation: { id: 'notifications.category.invitation', defaultMessage: 'Invitation' },
  late_grading: { id: 'notifications.category.lateGrading', defaultMessage: 'Late grading' },
  membership_update: { id: 'notifications.category.membershipUpdate', defaultMessage: 'Membership update' },
  migration: { id: 'notifications.category.migration', defaultMessage: 'Migration', description: 'Course content copied in or exported.' },
  other: { id: 'notifications.category.other', defaultMessage: 'Other' },
  recording_ready: { id: 'notifications.category.recordingReady', defaultMessage: 'Recording ready' },
  registration: { id: 'notifications.category.registration', defaultMessage: 'Registration' },
  student_appointment_signups: { id: 'notifications.category.studentAppointmentSignups', defaultMessage: 'Student appointment signups' },
  submission_comment: { id: 'notifications.category.submissionComment', defaultMessage: 'Submission comment' },
  summaries: { id: 'notifications.category.summaries', defaultMessage: 'Summaries' },
});

/** `discussion_entry` → "Discussion entry"; a category the catalogue does not know yet is shown from its slug. */
export function categoryLabel(slug: string, intl: IntlShape): string {
  if (Object.hasOwn(CATEGORY_LABELS, slug)) return intl.formatMessage(CATEGORY_LABELS[slug as keyof typeof CATEGORY_LABELS]);
  const words = slug.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Categories under headings, as people scan them (and as Canvas's preferences page groups them); a category no
 * group names falls under Other.
 */
const CATEGORY_GROUPS: ReadonlyArray<{ label: MessageDescriptor; slugs: readonly string[] }> = [
  {
    label: defineMessage({ id: 'notifications.group.courseActivities', defaultMessage: 'Course activities' }),
    slugs: ['due_date', 'grading_policies', 'course_content', 'files', 'announcement', 'announcement_created_by_you', 'grading', 'invitation', 'all_submissions', 'late_grading', 'submission_comment'],
  },
  { label: defineMessage({ id: 'notifications.group.discussions', defaultMessage: 'Discussions' }), slugs: ['discussion', 'discussion_entry'] },
  { label: defineMessage({ id: 'notifications.group.conversations', defaultMessage: 'Conversations' }), slugs: ['added_to_conversation', 'conversation_message'] },
  {
    label: defineMessage({ id: 'notifications.group.scheduling', defaultMessage: 'Scheduling' }),
    slugs: ['student_appointment_signups', 'appointment_signups', 'appointment_cancelations', 'appointment_availability', 'calendar'],
  },
  { label: defineMessage({ id: 'notifications.group.groups', defaultMessage: 'Groups' }), slugs: ['membership_update'] },
  { label: defineMessage({ id: 'notifications.group.alerts', defaultMessage: 'Alerts' }), slugs: ['alert', 'recording_ready'] },
];
const OTHER_GROUP = defineMessage({ id: 'notifications.group.other', defaultMessage: 'Other' });

/** The given categories under their headings, in the groups' order; empty groups left out. */
export function groupedCategories<T extends string>(slugs: readonly T[]): Array<{ label: MessageDescriptor; slugs: T[] }> {
  const groups = CATEGORY_GROUPS.map((group) => ({ label: group.label, slugs: group.slugs.filter((slug): slug is T => slugs.includes(slug as T)) }));
  const grouped = new Set(CATEGORY_GROUPS.flatMap((group) => group.slugs));
  groups.push({ label: OTHER_GROUP, slugs: slugs.filter((slug) => !grouped.has(slug)) });
  return groups.filter((group) => group.slugs.length > 0);
}
