import { defineMessages } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';

/** Texts several page screens show, defined once so they are translated once. */
export const pageMessages: Messages<'all' | 'this' | 'what' | 'new' | 'frontPage' | 'updated' | 'revisions' | 'revision' | 'editNamed'> = defineMessages({
  all: { id: 'pages.all', defaultMessage: 'All pages', description: 'Breadcrumb link back to the list.' },
  this: { id: 'pages.this', defaultMessage: 'this page', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  what: { id: 'pages.what', defaultMessage: 'pages', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  new: { id: 'pages.new', defaultMessage: 'New page' },
  frontPage: { id: 'pages.frontPage', defaultMessage: 'Front page', description: 'The page a course opens on.' },
  updated: { id: 'pages.updated', defaultMessage: 'Updated {when}', description: '{when}: a date and time.' },
  revisions: { id: 'pages.revisions', defaultMessage: 'Revisions', description: 'The saved versions of a page.' },
  revision: { id: 'pages.revision', defaultMessage: 'Revision {id}', description: '{id}: the revision’s number.' },
  editNamed: { id: 'pages.edit.named', defaultMessage: 'Edit {title}', description: 'Heading and window title of the form; {title}: the page’s title.' },
});
