import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaType } from '../../../../contracts/lms-dtos.ts';
import { MAX_FILE_BYTES } from '../../../../contracts/upload-limits.ts';
import { captureProblem, recordingFile, startCapture, stopStream } from './media-capture.ts';

/** A finished recording, ready to upload. */
export interface Recording {
  file: File;
  mediaType: MediaType;
}

export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'recording'; startedAt: number }
  | { phase: 'recorded'; recording: Recording; url: string; seconds: number; stoppedAtLimit: boolean }
  | { phase: 'failed'; message: string };

/** The recorder hands over a piece each second, so a recording stops within a second of reaching this size. */
const SLICE_MS = 1000;
const STOP_AT_BYTES = Math.floor(MAX_FILE_BYTES * 0.9);

/**
 * One recording at a time with the browser's MediaRecorder: start (asking for the devices), stop, and the result
 * as a file with a playable URL. A recording about to outgrow Outpost's file limit stops by itself. Leaving the
 * form releases the microphone and camera.
 */
export function useMediaRecorder(onRecorded: (recording: Recording | undefined) => void) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const recorder = useRef<MediaRecorder | undefined>(undefined);
  const preview = useRef<string | undefined>(undefined);

  const forgetPreview = () => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = undefined;
  };

  useEffect(
    () => () => {
      const active = recorder.current;
      if (active) {
        // Unmounted: nobody is left to take the recording.
        active.onstop = null;
        if (active.state !== 'inactive') active.stop();
        stopStream(active.stream);
      }
      forgetPreview();
    },
    [],
  );

  const start = useCallback(
    async (mediaType: MediaType) => {
      forgetPreview();
      onRecorded(undefined);
      setState({ phase: 'starting' });
      let active: MediaRecorder;
      try {
        active = await startCapture(mediaType);
      } catch (err) {
        setState({ phase: 'failed', message: captureProblem(err) });
        return;
      }
      const chunks: Blob[] = [];
      let size = 0;
      let stoppedAtLimit = false;
      const startedAt = Date.now();
      active.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.push(event.data);
        size += event.data.size;
        if (size >= STOP_AT_BYTES && active.state === 'recording') {
          stoppedAtLimit = true;
          active.stop();
        }
      };
      active.onstop = () => {
        stopStream(active.stream);
        recorder.current = undefined;
        const recording = { file: recordingFile(chunks, active.mimeType, mediaType), mediaType };
        preview.current = URL.createObjectURL(recording.file);
        setState({ phase: 'recorded', recording, url: preview.current, seconds: (Date.now() - startedAt) / 1000, stoppedAtLimit });
        onRecorded(recording);
      };
      recorder.current = active;
      active.start(SLICE_MS);
      setState({ phase: 'recording', startedAt });
    },
    [onRecorded],
  );

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  return { state, start, stop };
}
