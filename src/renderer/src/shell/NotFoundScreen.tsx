import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { Screen } from './Screen.tsx';

export function NotFoundScreen() {
  return (
    <Screen title="Page not found" narrow>
      <p>There is nothing at this address in Outpost. It may have been mistyped, or the link is out of date.</p>
      <Link to={paths.courses()}>Go to your courses</Link>
    </Screen>
  );
}
