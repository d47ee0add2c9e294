import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SubmissionAttachment } from '../../../../contracts/grading-dtos.ts';
import { formatFileSize } from '../../lib/format.ts';
import { submissionErrorText } from '../../lib/use-submission.ts';
import { currentApi } from '../../stores/session-store.ts';

/** Images up to this size are previewed inline; bigger ones (and every other kind) only download. */
const PREVIEW_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * One submitted file: a download button and, for an image, a preview. Both read the bytes through the API client,
 * since the session cookie alone opens nothing; the preview is a data: URL, which the UI's CSP allows for images.
 */
export function AttachmentItem({ file }: { file: SubmissionAttachment }) {
  const [error, setError] = useState<string>();
  const download = async () => {
    setError(undefined);
    try {
      const href = URL.createObjectURL(await currentApi().attachment(file.url));
      const anchor = document.createElement('a');
      anchor.href = href;
      anchor.download = file.display_name;
      anchor.click();
      // The click has handed the bytes to the browser's download; the object URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(href), 0);
    } catch (err) {
      setError(submissionErrorText(err));
    }
  };
  return (
    <li>
      <button type="button" onClick={() => void download()}>
        <FormattedMessage id="grader.attachment.download" defaultMessage="Download {name}" values={{ name: <bdi>{file.display_name}</bdi> }} />
      </button>{' '}
      <span className="muted">
        <FormattedMessage id="grader.attachment.size" defaultMessage="({size})" values={{ size: formatFileSize(file.size) }} />
      </span>
      {error && (
        <span role="alert" className="error">
          {' '}
          <FormattedMessage id="grader.attachment.downloadFailed" defaultMessage="The download failed: {reason}" values={{ reason: error }} />
        </span>
      )}
      {file.mime_class === 'image' && file.size <= PREVIEW_LIMIT_BYTES && <ImagePreview file={file} />}
    </li>
  );
}

function ImagePreview({ file }: { file: SubmissionAttachment }) {
  const intl = useIntl();
  const [source, setSource] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    currentApi()
      .attachment(file.url)
      .then(dataUrl)
      .then((url) => current && setSource(url))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [file.url]);
  if (failed) {
    return (
      <p className="muted">
        <FormattedMessage id="grader.attachment.noPreview" defaultMessage="No preview: the image could not be loaded." />
      </p>
    );
  }
  const alt = intl.formatMessage({ id: 'grader.attachment.preview', defaultMessage: 'Preview of {name}' }, { name: file.display_name });
  return source ? <img className="attachment-preview" src={source} alt={alt} /> : null;
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

