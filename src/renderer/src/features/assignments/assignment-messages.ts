import { defineMessages } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';

/** Texts several assignment screens show, defined once so they are translated once. */
export const assignmentMessages: Messages<'all' | 'this' | 'what' | 'new' | 'noDueDate' | 'editNamed'> = defineMessages({
  all: { id: 'assignments.all', defaultMessage: 'All assignments', description: 'Breadcrumb link back to the list.' },
  this: { id: 'assignments.this', defaultMessage: 'this assignment', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  what: { id: 'assignments.what', defaultMessage: 'assignments', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  new: { id: 'assignments.new', defaultMessage: 'New assignment' },
  noDueDate: { id: 'assignments.noDueDate', defaultMessage: 'No due date' },
  editNamed: { id: 'assignments.edit.named', defaultMessage: 'Edit {name}', description: 'Heading and window title of the form; {name}: the assignment’s name.' },
});
