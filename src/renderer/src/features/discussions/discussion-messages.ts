import { defineMessages } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';

/** Texts several discussion screens show, defined once so they are translated once. */
export const discussionMessages: Messages<'all' | 'this' | 'what' | 'new' | 'newAnnouncement' | 'someone' | 'editNamed'> = defineMessages({
  all: { id: 'discussions.all', defaultMessage: 'All discussions', description: 'Breadcrumb link back to the list.' },
  this: { id: 'discussions.this', defaultMessage: 'this discussion', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  what: { id: 'discussions.what', defaultMessage: 'discussions', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  new: { id: 'discussions.new', defaultMessage: 'New discussion' },
  newAnnouncement: { id: 'discussions.newAnnouncement', defaultMessage: 'New announcement' },
  someone: { id: 'discussions.someone', defaultMessage: 'Someone', description: 'Stands for an author whose name is not known.' },
  editNamed: { id: 'discussions.edit.named', defaultMessage: 'Edit {title}', description: 'Heading and window title of the form; {title}: the topic’s title.' },
});
