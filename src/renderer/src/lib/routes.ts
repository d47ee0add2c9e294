/**
 * The UI's places, kept in the URL hash: back/forward and reload work the same in a browser tab and in the Electron
 * window, and the server needs no knowledge of UI paths.
 */
export const COURSE_TABS = ['modules', 'assignments', 'pages', 'people'] as const;
export type CourseTab = (typeof COURSE_TABS)[number];

export type Route =
  | { name: 'courses' }
  | { name: 'course'; courseId: number; tab: CourseTab }
  | { name: 'assignment'; courseId: number; assignmentId: number }
  | { name: 'page'; courseId: number; pageUrl: string };

const ID = /^\d{1,16}$/;

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  const [root, rawCourseId, section, rawChild] = parts;
  if (root !== 'courses' || !rawCourseId || !ID.test(rawCourseId)) return { name: 'courses' };
  const courseId = Number(rawCourseId);
  if (section === 'assignments' && rawChild && ID.test(rawChild)) return { name: 'assignment', courseId, assignmentId: Number(rawChild) };
  if (section === 'pages' && rawChild) return { name: 'page', courseId, pageUrl: decodeURIComponent(rawChild) };
  const tab = COURSE_TABS.find((t) => t === section) ?? 'modules';
  return { name: 'course', courseId, tab };
}

export function routeHref(route: Route): string {
  switch (route.name) {
    case 'courses':
      return '#/courses';
    case 'course':
      return `#/courses/${route.courseId}/${route.tab}`;
    case 'assignment':
      return `#/courses/${route.courseId}/assignments/${route.assignmentId}`;
    case 'page':
      return `#/courses/${route.courseId}/pages/${encodeURIComponent(route.pageUrl)}`;
  }
}
