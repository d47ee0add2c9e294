import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UploadProgress } from '../../stores/submission-store.ts';
import { UploadProgressList } from './UploadProgressList.tsx';

interface FileChooserProps {
  allowedExtensions: readonly string[];
  onChange: (files: File[]) => void;
  uploads: readonly UploadProgress[];
  disabled: boolean;
}

/** The `File` input (several files), what it accepts, and a progress bar per file while the attempt uploads them. */
export function FileChooser({ allowedExtensions, onChange, uploads, disabled }: FileChooserProps) {
  const intl = useIntl();
  const id = useId();
  const accepted = allowedExtensions.map((e) => `.${e}`).join(',');
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="submissions.file" defaultMessage="File" />
      </label>
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
        {allowedExtensions.length > 0 ? (
          <FormattedMessage
            id="submissions.file.allowed"
            defaultMessage="Allowed file types: {types}. You can choose several files."
            values={{ types: intl.formatList(allowedExtensions, { type: 'unit' }) }}
            description="{types}: file name extensions, e.g. “pdf, docx”."
          />
        ) : (
          <FormattedMessage id="submissions.file.any" defaultMessage="Any file type. You can choose several files." />
        )}
      </p>
      <UploadProgressList uploads={uploads} />
    </div>
  );
}
