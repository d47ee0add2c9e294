import { useEffect, useState } from 'react';
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
        Download {file.display_name}
      </button>{' '}
      <span className="muted">({formatFileSize(file.size)})</span>
      {error && (
        <span role="alert" className="error">
          {' '}
          The download failed: {error}
        </span>
      )}
      {file.mime_class === 'image' && file.size <= PREVIEW_LIMIT_BYTES && <ImagePreview file={file} />}
    </li>
  );
}

function ImagePreview({ file }: { file: SubmissionAttachment }) {
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
  if (failed) return <p className="muted">No preview: the image could not be loaded.</p>;
  return source ? <img className="attachment-preview" src={source} alt={`Preview of ${file.display_name}`} /> : null;
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

