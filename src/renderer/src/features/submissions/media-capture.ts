import { defineMessages } from '@formatjs/intl';
import type { MediaType } from '../../../../contracts/lms-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';

/**
 * Bit rates that keep a recording under Outpost's file limit for as long as an answer usually takes: about six
 * minutes of speech, or forty seconds of small video.
 */
const AUDIO_BITS_PER_SECOND = 32_000;
const VIDEO_BITS_PER_SECOND = 250_000;

/** Whether the browser records at all (an old engine, or a page not served from a secure origin, does not). */
export function canRecordMedia(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Whether a camera is connected, so video is worth offering; without permission yet the kinds are still listed. */
export async function hasCamera(): Promise<boolean> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.some((d) => d.kind === 'videoinput');
}

/** Asks for the microphone (and camera), and records what they give at the bit rates above. */
export async function startCapture(mediaType: MediaType): Promise<MediaRecorder> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: mediaType === 'video' });
  try {
    return new MediaRecorder(stream, { audioBitsPerSecond: AUDIO_BITS_PER_SECOND, ...(mediaType === 'video' ? { videoBitsPerSecond: VIDEO_BITS_PER_SECOND } : {}) });
  } catch (err) {
    stopStream(stream);
    throw err;
  }
}

export function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** The recorded pieces as the file to upload: its type without codec parameters, named after it. */
export function recordingFile(chunks: readonly Blob[], recorderType: string, mediaType: MediaType): File {
  const type = recorderType.split(';')[0]?.trim() || `${mediaType}/webm`;
  const extension = type.split('/')[1] ?? 'webm';
  return new File([...chunks], `${mediaType}-recording.${extension}`, { type });
}

const problems: Messages<'notAllowed' | 'notFound' | 'notReadable' | 'other'> = defineMessages({
  notAllowed: {
    id: 'submissions.capture.notAllowed',
    defaultMessage: 'Outpost may not use your microphone or camera. Allow it in your browser’s or computer’s settings, then press Start recording again.',
  },
  notFound: { id: 'submissions.capture.notFound', defaultMessage: 'No microphone or camera was found. Connect one, then press Start recording again.' },
  notReadable: {
    id: 'submissions.capture.notReadable',
    defaultMessage: 'The microphone or camera could not be started; another program may be using it. Close that program, then press Start recording again.',
  },
  other: { id: 'submissions.capture.other', defaultMessage: 'Recording could not start: {reason}', description: '{reason}: the browser’s own words, untranslated.' },
});

/** Why recording could not start, and what the person can do about it. */
export function captureProblem(err: unknown): string {
  const intl = currentIntl();
  switch (err instanceof DOMException ? err.name : '') {
    case 'NotAllowedError':
    case 'SecurityError':
      return intl.formatMessage(problems.notAllowed);
    case 'NotFoundError':
    case 'OverconstrainedError':
      return intl.formatMessage(problems.notFound);
    case 'NotReadableError':
    case 'AbortError':
      return intl.formatMessage(problems.notReadable);
    default:
      return intl.formatMessage(problems.other, { reason: err instanceof Error ? err.message : String(err) });
  }
}

/** m:ss, as a recording's length is read. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
