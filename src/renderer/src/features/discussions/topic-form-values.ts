import { defineMessage, type MessageDescriptor } from '@formatjs/intl';
import type { DiscussionTopic, DiscussionTopicWrite } from '../../../../contracts/discussion-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';

/** The topic form as the person edits it. */
export interface TopicFormValues {
  title: string;
  message: string;
  published: boolean;
  pinned: boolean;
  locked: boolean;
  requireInitialPost: boolean;
}

/** A new discussion starts as a draft, as in Canvas; an announcement is published when it is saved. */
export function topicFormValuesOf(topic: DiscussionTopic | undefined): TopicFormValues {
  return {
    title: topic?.title ?? '',
    message: topic?.message ?? '',
    published: topic?.published ?? false,
    pinned: topic?.pinned ?? false,
    locked: topic?.locked ?? false,
    requireInitialPost: topic?.require_initial_post ?? false,
  };
}

const noTitle: MessageDescriptor = defineMessage({
  id: 'discussions.form.noTitle',
  defaultMessage: '{announcement, select, true {Give the announcement a title.} other {Give the discussion a title.}}',
});

/** What to send, or why not yet; `announcement` leaves out what announcements do not have (drafts, pins). */
export function topicWriteOf(values: TopicFormValues, announcement: boolean): DiscussionTopicWrite | string {
  if (values.title.trim() === '') return currentIntl().formatMessage(noTitle, { announcement: String(announcement) });
  const common = { title: values.title.trim(), message: values.message, locked: values.locked, require_initial_post: values.requireInitialPost };
  return announcement ? { ...common, is_announcement: true } : { ...common, published: values.published, pinned: values.pinned };
}
