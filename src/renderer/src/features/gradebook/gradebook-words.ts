import { defineMessages } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';

/** Words the column headers and the dialogs they open share: a button's name is its dialog's title. */
export const gradebookWords: Messages<'setDefaultFor' | 'distributionFor' | 'close' | 'cancel'> = defineMessages({
  setDefaultFor: { id: 'gradebook.defaultGrade.title', defaultMessage: 'Set default grade for {assignment}' },
  distributionFor: { id: 'gradebook.distribution.title', defaultMessage: 'Grade distribution for {assignment}' },
  close: { id: 'gradebook.dialog.close', defaultMessage: 'Close' },
  cancel: { id: 'gradebook.dialog.cancel', defaultMessage: 'Cancel' },
});
