import { useEffect, useState } from 'react';
import type { MediaComment } from '../../../../contracts/grading-dtos.ts';
import type { MediaType } from '../../../../contracts/lms-dtos.ts';
import { submissionErrorText } from '../../lib/use-submission.ts';
import { currentApi } from '../../stores/session-store.ts';

/** A recording with the browser's own controls: `<audio>` for sound, `<video>` for sound and picture. */
export function MediaElement({ type, src, label }: { type: MediaType; src: string; label: string }) {
  return type === 'video' ? (
    <video className="recording-player" controls preload="metadata" src={src} aria-label={label} />
  ) : (
    <audio className="recording-player" controls preload="metadata" src={src} aria-label={label} />
  );
}

/**
 * A submitted recording, played from its bytes read through the API client (the session cookie alone opens
 * nothing, as for attachments) and held as an object URL for as long as it is shown.
 */
export function RecordingPlayer({ media }: { media: MediaComment }) {
  const [source, setSource] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    let url: string | undefined;
    currentApi()
      .attachment(media.url)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (current) setSource(url);
        else URL.revokeObjectURL(url);
      })
      .catch((err: unknown) => current && setError(submissionErrorText(err)));
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [media.url]);
  if (error) return <p className="error">The recording could not be loaded: {error}</p>;
  if (!source) return <p className="muted">Loading the recording…</p>;
  return <MediaElement type={media.media_type} src={source} label={`Submitted ${media.media_type} recording`} />;
}
