import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { Screen } from './Screen.tsx';

export function NotFoundScreen() {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'shell.notFound.title', defaultMessage: 'Page not found' })} narrow>
      <p>
        <FormattedMessage
          id="shell.notFound.explanation"
          defaultMessage="There is nothing at this address in Outpost. It may have been mistyped, or the link is out of date."
        />
      </p>
      <Link to={paths.courses()}>
        <FormattedMessage id="shell.notFound.toCourses" defaultMessage="Go to your courses" />
      </Link>
    </Screen>
  );
}
