import { defineMessages } from 'react-intl';
import type { Messages } from './messages.ts';

/** Words many screens share, defined once so they are translated once. */
export const common: Messages<'retry' | 'connectHub' | 'hub' | 'hubConnection' | 'unpublished' | 'settings' | 'email' | 'password' | 'cancel' | 'close'> = defineMessages({
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  connectHub: { id: 'common.connectHub', defaultMessage: 'Connect to a hub' },
  hub: { id: 'common.hub', defaultMessage: 'Hub', description: 'Heading: the school server this computer syncs with.' },
  hubConnection: { id: 'common.hubConnection', defaultMessage: 'the hub connection', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  unpublished: { id: 'common.unpublished', defaultMessage: 'Unpublished', description: 'A badge: students cannot see it yet.' },
  settings: { id: 'common.settings', defaultMessage: 'Settings' },
  email: { id: 'common.email', defaultMessage: 'Email', description: 'Field: the address a person signs in with.' },
  password: { id: 'common.password', defaultMessage: 'Password' },
  cancel: { id: 'common.cancel', defaultMessage: 'Cancel', description: 'Button: leave a form without saving.' },
  close: { id: 'common.close', defaultMessage: 'Close', description: 'Button: close a form whose work is done.' },
});
