import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  // Each outcome names the recording it is for: another attempt's must not play (or load) in its place.
  const [loaded, setLoaded] = useState<{ url: string; source: string } | { url: string; error: string }>();
  useEffect(() => {
    let current = true;
    let url: string | undefined;
    currentApi()
      .attachment(media.url)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (current) setLoaded({ url: media.url, source: url });
        else URL.revokeObjectURL(url);
      })
      .catch((err: unknown) => current && setLoaded({ url: media.url, error: submissionErrorText(err) }));
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [media.url]);
  if (loaded?.url !== media.url) {
    return (
      <p className="muted">
        <FormattedMessage id="grader.recording.loading" defaultMessage="Loading the recording…" />
      </p>
    );
  }
  if ('error' in loaded) {
    return (
      <p className="error">
        <FormattedMessage id="grader.recording.failed" defaultMessage="The recording could not be loaded: {reason}" values={{ reason: loaded.error }} />
      </p>
    );
  }
  const label = intl.formatMessage(
    { id: 'grader.recording.label', defaultMessage: 'Submitted {type, select, video {video} other {audio}} recording' },
    { type: media.media_type },
  );
  return <MediaElement type={media.media_type} src={loaded.source} label={label} />;
}
