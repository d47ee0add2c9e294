import { useId } from 'react';
import type { UploadProgress } from '../../stores/submission-store.ts';

interface FileChooserProps {
  allowedExtensions: readonly string[];
  onChange: (files: File[]) => void;
  uploads: readonly UploadProgress[];
  disabled: boolean;
}

/** The `File` input (several files), what it accepts, and a progress bar per file while the attempt uploads them. */
export function FileChooser({ allowedExtensions, onChange, uploads, disabled }: FileChooserProps) {
  const id = useId();
  const accepted = allowedExtensions.map((e) => `.${e}`).join(',');
  return (
    <div className="field">
      <label htmlFor={id}>File</label>
      <input
        id={id}
        type="file"
        multiple
        accept={accepted || undefined}
        disabled={disabled}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(Array.from(e.target.files ?? []))}
      />
      <p id={`${id}-help`} className="help">
        {allowedExtensions.length > 0 ? `Allowed file types: ${allowedExtensions.join(', ')}.` : 'Any file type.'} You can choose several files.
      </p>
      {uploads.length > 0 && (
        <ul className="plain-list upload-progress">
          {uploads.map((u, i) => (
            <li key={`${i}:${u.name}`}>
              <progress max={1} value={u.fraction} aria-label={`Uploading ${u.name}`} /> {u.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
