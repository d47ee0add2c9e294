import type { UploadProgress } from '../../stores/submission-store.ts';

/** A progress bar per file while the attempt uploads it. */
export function UploadProgressList({ uploads }: { uploads: readonly UploadProgress[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="plain-list upload-progress">
      {uploads.map((u, i) => (
        <li key={`${i}:${u.name}`}>
          <progress max={1} value={u.fraction} aria-label={`Uploading ${u.name}`} /> {u.name}
        </li>
      ))}
    </ul>
  );
}
