import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A screen's one h1. It takes focus when it appears and on each navigation while it stays (a course's tabs share
 * the course's heading), so keyboard and screen-reader users start at the top of what changed; a re-render alone
 * never moves focus away from what the person is doing.
 */
export function ScreenHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return (
    <h1 ref={ref} tabIndex={-1} className="screen-heading">
      {children}
    </h1>
  );
}
