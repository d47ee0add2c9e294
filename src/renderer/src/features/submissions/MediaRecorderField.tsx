import { useEffect, useRef, useState } from 'react';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { FormError } from '../../components/FormError.tsx';
import type { UploadProgress } from '../../stores/submission-store.ts';
import { MediaElement } from '../grader/RecordingPlayer.tsx';
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
      <legend>Recording</legend>
      {camera && <CheckboxField label="Record video too" checked={withVideo} onChange={setWithVideo} disabled={disabled || busy} />}
      <div className="button-row">
        <button ref={startButton} type="button" onClick={() => void start(withVideo ? 'video' : 'audio')} disabled={disabled || busy}>
          Start recording
        </button>
        <button ref={stopButton} type="button" onClick={stop} disabled={!recording}>
          Stop recording
        </button>
        {state.phase === 'recording' && <Elapsed since={state.startedAt} />}
      </div>
      <p role="status" className="recorder-status">
        {statusText(state)}
      </p>
      <FormError message={state.phase === 'failed' ? state.message : undefined} />
      {state.phase === 'recorded' && <MediaElement type={state.recording.mediaType} src={state.url} label="Recording preview" />}
      <UploadProgressList uploads={uploads} />
    </fieldset>
  );
}

function statusText(state: RecorderState): string {
  switch (state.phase) {
    case 'idle':
    case 'failed':
      return 'Not recording. Press Start recording, give your answer, then press Stop recording.';
    case 'starting':
      return 'Asking for the microphone…';
    case 'recording':
      return 'Recording. Press Stop recording when you are done.';
    case 'recorded':
      return (
        (state.stoppedAtLimit ? 'The recording stopped at the largest size Outpost takes. ' : '') +
        `Recorded ${formatDuration(state.seconds)}. Play it below, then press Submit assignment, or Start recording to record it again.`
      );
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
