import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { currentApi } from '../../stores/session-store.ts';

interface TimeRemainingProps {
  courseId: number;
  quizId: number;
  quizSubmissionId: number;
  /** The time is up: the attempt is over (the server finishes it on the next read). Called once. */
  onExpired: () => void;
}

/**
 * `Time remaining`, counting down to the attempt's end. The server says how many seconds are left (`GET …/time`),
 * so a computer whose clock is wrong still counts the attempt's real time; the count goes on from this computer's
 * monotonic clock, and is asked again every minute in case a teacher gave more time meanwhile.
 */
export function TimeRemaining({ courseId, quizId, quizSubmissionId, onExpired }: TimeRemainingProps) {
  const intl = useIntl();
  const labelId = useId();
  const [deadline, setDeadline] = useState<number>();
  const [now, setNow] = useState(() => performance.now());
  const expired = useRef(false);

  useEffect(() => {
    let current = true;
    const ask = () =>
      currentApi()
        .attemptTime(courseId, quizId, quizSubmissionId)
        .then(
          (time) => current && setDeadline(time.time_left === null ? performance.now() : performance.now() + time.time_left * 1000),
          // A missed answer keeps the count it has; the next minute asks again.
          () => undefined,
        );
    void ask();
    const asking = setInterval(() => void ask(), 60_000);
    const ticking = setInterval(() => setNow(performance.now()), 1000);
    return () => {
      current = false;
      clearInterval(asking);
      clearInterval(ticking);
    };
  }, [courseId, quizId, quizSubmissionId]);

  const left = deadline === undefined ? undefined : Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (left === 0 && !expired.current) {
      expired.current = true;
      onExpired();
    }
  }, [left, onExpired]);

  const two = (n: number) => intl.formatNumber(n, { minimumIntegerDigits: 2 });
  const clock = left === undefined ? '' : `${intl.formatNumber(Math.floor(left / 3600))}:${two(Math.floor(left / 60) % 60)}:${two(left % 60)}`;
  return (
    // Not announced as it changes (a live region read every second would drown the questions out); a screen
    // reader finds it by its name, and the attempt ending is announced by the page it leads to.
    <div role="status" aria-live="off" aria-labelledby={labelId} className="quiz-timer">
      <span id={labelId}>
        <FormattedMessage id="quizTake.timeRemaining" defaultMessage="Time remaining" />
      </span>{' '}
      <time>{clock}</time>
    </div>
  );
}
