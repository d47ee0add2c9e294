import { useIntl } from 'react-intl';
import type { UploadProgress } from '../../stores/submission-store.ts';

/** A progress bar per file while the attempt uploads it. */
export function UploadProgressList({ uploads }: { uploads: readonly UploadProgress[] }) {
  const intl = useIntl();
  if (uploads.length === 0) return null;
  return (
    <ul className="plain-list upload-progress">
      {uploads.map((u, i) => (
        <li key={`${i}:${u.name}`}>
          <progress max={1} value={u.fraction} aria-label={intl.formatMessage({ id: 'submissions.uploading', defaultMessage: 'Uploading {name}' }, { name: u.name })} />{' '}
          <span dir="auto">{u.name}</span>
        </li>
      ))}
    </ul>
  );
}
