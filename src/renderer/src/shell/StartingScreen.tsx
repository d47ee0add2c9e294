import { FormattedMessage, useIntl } from 'react-intl';
import { Screen } from './Screen.tsx';

export function StartingScreen() {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'shell.starting.title', defaultMessage: 'Opening Outpost' })} narrow>
      <p role="status" className="muted">
        <FormattedMessage id="shell.starting.status" defaultMessage="Asking Outpost who is signed in…" />
      </p>
    </Screen>
  );
}
