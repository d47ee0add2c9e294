import { defineMessages } from 'react-intl';
import type { Messages } from './messages.ts';

/** Words many screens share, defined once so they are translated once. */
export const common: Messages<'retry' | 'connectHub' | 'hub' | 'hubConnection' | 'unpublished' | 'settings' | 'email' | 'password' | 'save' | 'cancel' | 'edit' | 'published' | 'close'> = defineMessages({
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  connectHub: { id: 'common.connectHub', defaultMessage: 'Connect to a hub' },
  hub: { id: 'common.hub', defaultMessage: 'Hub', description: 'Heading: the school server this computer syncs with.' },
  hubConnection: { id: 'common.hubConnection', defaultMessage: 'the hub connection', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  unpublished: { id: 'common.unpublished', defaultMessage: 'Unpublished', description: 'A badge: students cannot see it yet.' },
  settings: { id: 'common.settings', defaultMessage: 'Settings' },
  email: { id: 'common.email', defaultMessage: 'Email', description: 'Field: the address a person signs in with.' },
  password: { id: 'common.password', defaultMessage: 'Password' },
  save: { id: 'common.save', defaultMessage: 'Save', description: 'Button: keeps what the form holds.' },
  cancel: { id: 'common.cancel', defaultMessage: 'Cancel', description: 'Button: leaves without saving or deleting anything.' },
  edit: { id: 'common.edit', defaultMessage: 'Edit', description: 'A link or button that opens the form to change something.' },
  published: { id: 'common.published', defaultMessage: 'Published', description: 'A checkbox: students can see it.' },
  close: { id: 'common.close', defaultMessage: 'Close', description: 'Button: close a form whose work is done.' },
});
