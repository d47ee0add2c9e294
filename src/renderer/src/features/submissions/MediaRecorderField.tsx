import { useEffect, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { FormError } from '../../components/FormError.tsx';
import type { UploadProgress } from '../../stores/submission-store.ts';
import { MediaElement } from '../grader/RecordingPlayer.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { formatDuration, hasCamera } from './media-capture.ts';
import { UploadProgressList } from './UploadProgressList.tsx';
import { useMediaRecorder, type RecorderState, type Recording } from './use-media-recorder.ts';

interface MediaRecorderFieldProps {
  onChange: (recording: Recording | undefined) => void;
  uploads: readonly UploadProgress[];
  disabled: boolean;
}

/**
 * Records the answer in the page: `Start recording`, `Stop recording`, what is happening in words, and the
 * recording to play back before it is submitted. Video is offered when a camera is connected.
 */
export function MediaRecorderField({ onChange, uploads, disabled }: MediaRecorderFieldProps) {
  const intl = useIntl();
  const { state, start, stop } = useMediaRecorder(onChange);
  const [camera, setCamera] = useState(false);
  const [withVideo, setWithVideo] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const recording = state.phase === 'recording';
  const busy = recording || state.phase === 'starting';

  useEffect(() => {
    let current = true;
    // A browser that will not list devices still records sound: video is then simply not offered.
    hasCamera()
      .then((found) => current && setCamera(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  // The pressed button becomes unavailable: focus moves to the one that is next.
  useEffect(() => {
    if (recording) stopButton.current?.focus();
    else if (state.phase === 'recorded') startButton.current?.focus();
  }, [recording, state.phase]);

  return (
    <fieldset className="choice recorder">
      <legend>
        <FormattedMessage id="submissions.recorder.legend" defaultMessage="Recording" />
      </legend>
      {camera && <CheckboxField label={intl.formatMessage({ id: 'submissions.recorder.video', defaultMessage: 'Record video too' })} checked={withVideo} onChange={setWithVideo} disabled={disabled || busy} />}
      <div className="button-row">
        <button ref={startButton} type="button" onClick={() => void start(withVideo ? 'video' : 'audio')} disabled={disabled || busy}>
          <FormattedMessage id="submissions.recorder.start" defaultMessage="Start recording" />
        </button>
        <button ref={stopButton} type="button" onClick={stop} disabled={!recording}>
          <FormattedMessage id="submissions.recorder.stop" defaultMessage="Stop recording" />
        </button>
        {state.phase === 'recording' && <Elapsed since={state.startedAt} />}
      </div>
      <p role="status" className="recorder-status">
        {statusText(state, intl)}
      </p>
      <FormError message={state.phase === 'failed' ? state.message : undefined} />
      {state.phase === 'recorded' && <MediaElement type={state.recording.mediaType} src={state.url} label={intl.formatMessage({ id: 'submissions.recorder.preview', defaultMessage: 'Recording preview' })} />}
      <UploadProgressList uploads={uploads} />
    </fieldset>
  );
}

/** The status lines name the form's buttons, so a translation must name them as their own messages do. */
const NAMES_BUTTONS = 'Names the buttons “Start recording”, “Stop recording” and “Submit assignment”: use their translations.';

const status: Messages<'idle' | 'starting' | 'recording' | 'recorded' | 'recordedAtLimit'> = defineMessages({
  idle: { id: 'submissions.recorder.idle', defaultMessage: 'Not recording. Press Start recording, give your answer, then press Stop recording.', description: NAMES_BUTTONS },
  starting: { id: 'submissions.recorder.starting', defaultMessage: 'Asking for the microphone…' },
  recording: { id: 'submissions.recorder.recording', defaultMessage: 'Recording. Press Stop recording when you are done.', description: NAMES_BUTTONS },
  recorded: {
    id: 'submissions.recorder.recorded',
    defaultMessage: 'Recorded {duration}. Play it below, then press Submit assignment, or Start recording to record it again.',
    description: `{duration}: minutes and seconds, e.g. “1:05”. ${NAMES_BUTTONS}`,
  },
  recordedAtLimit: {
    id: 'submissions.recorder.recordedAtLimit',
    defaultMessage:
      'The recording stopped at the largest size Outpost takes. Recorded {duration}. Play it below, then press Submit assignment, or Start recording to record it again.',
    description: `{duration}: minutes and seconds, e.g. “1:05”. ${NAMES_BUTTONS}`,
  },
});

function statusText(state: RecorderState, intl: IntlShape): string {
  switch (state.phase) {
    case 'idle':
    case 'failed':
      return intl.formatMessage(status.idle);
    case 'starting':
      return intl.formatMessage(status.starting);
    case 'recording':
      return intl.formatMessage(status.recording);
    case 'recorded':
      return intl.formatMessage(state.stoppedAtLimit ? status.recordedAtLimit : status.recorded, { duration: formatDuration(state.seconds) });
  }
}

/** The running time, once a second; a timer, so screen readers do not announce each tick. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return (
    <span role="timer" className="muted">
      {formatDuration((now - since) / 1000)}
    </span>
  );
}
