import { defineMessages } from '@formatjs/intl';
import type { Messages } from '../../i18n/messages.ts';

/** Words both group set forms (new and edit) and the groups tab use, defined once so they are translated once. */
export const groupWords: Messages<'newGroupSet' | 'groupSetName' | 'allowSelfSignup' | 'noSetName'> = defineMessages({
  newGroupSet: { id: 'groups.set.new', defaultMessage: 'New group set' },
  groupSetName: { id: 'groups.set.name', defaultMessage: 'Group set name' },
  allowSelfSignup: { id: 'groups.set.selfSignup', defaultMessage: 'Allow self sign-up', description: 'Students may join a group of the set themselves.' },
  noSetName: { id: 'groups.set.noName', defaultMessage: 'Give the group set a name.' },
});
