import { defineMessages, type IntlShape } from 'react-intl';

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
