import type { CourseViewer } from '../../lib/course-roles.ts';
import { useObserverStore } from '../../stores/observer-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/**
 * Whose released work a course screen shows: a student's own; for an observer, the linked student they chose (the
 * first one until they choose); undefined for anyone else.
 */
export function useShownStudent(viewer: CourseViewer): number | undefined {
  const me = useSessionStore((s) => (s.session.phase === 'signed-in' ? s.session.user.id : undefined));
  const chosen = useObserverStore((s) => s.chosen);
  if (viewer.isStudent) return me;
  return chosen !== undefined && viewer.observees.includes(chosen) ? chosen : viewer.observees[0];
}
