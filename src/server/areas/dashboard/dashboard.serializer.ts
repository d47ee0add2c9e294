import type { CourseData } from '../../domain/records/course-records.ts';
import type { Stored } from '../../domain/repository.ts';

/** The course tabs a dashboard card links to, in Canvas's order, with the icon class each card shows. */
const CARD_TABS = [
  { css_class: 'announcements', icon: 'icon-announcement', label: 'Announcements' },
  { css_class: 'discussions', icon: 'icon-discussion', label: 'Discussions' },
  { css_class: 'assignments', icon: 'icon-assignment', label: 'Assignments' },
  { css_class: 'files', icon: 'icon-folder', label: 'Files' },
] as const;

/** What a card says about the caller's place in the course: their primary enrollment and its role. */
export interface CardEnrollment {
  type: string;
  state: string;
  roleLabel: string;
  /** For an observer: the names of the students they observe there, as one string. */
  observee: string | null;
}

/** What the caller may do in the course, as the card's flags report it. */
export interface CardRights {
  canManage: boolean;
  canReadAnnouncements: boolean;
  canChangeCoursePublishState: boolean;
}

/**
 * Canvas's dashboard card (its course-for-menu presenter; docs/canvas-compatibility.md §26), camelCased as Canvas
 * sends it. The mobile apps decode `links`, `subtitle`, `enrollmentType` and the names as required keys, so they
 * are always present. Outpost has no nicknames, card images, K5 courses or enrollment terms beyond the default
 * one (whose name Canvas leaves off the card), so those keys carry what Canvas sends for a plain course.
 */
export function dashboardCardJson(course: Stored<CourseData>, enrollment: CardEnrollment, rights: CardRights) {
  const c = course.data;
  const path = `/courses/${course.id}`;
  return {
    longName: `${c.name} - ${c.course_code}`,
    shortName: c.name,
    originalName: c.name,
    courseCode: c.course_code,
    assetString: `course_${course.id}`,
    href: path,
    term: null,
    subtitle: `${enrollment.state === 'invited' ? 'invited as' : 'enrolled as'}: ${enrollment.roleLabel}`,
    enrollmentState: enrollment.state,
    enrollmentType: enrollment.type,
    observee: enrollment.observee,
    id: course.id,
    isFavorited: false,
    isK5Subject: false,
    isHomeroom: false,
    useClassicFont: false,
    canManage: rights.canManage,
    canReadAnnouncements: rights.canReadAnnouncements,
    image: null,
    color: null,
    position: null,
    published: c.workflow_state === 'available' || c.workflow_state === 'completed',
    links: CARD_TABS.map((tab) => ({ ...tab, hidden: null, path: `${path}/${tab.css_class}` })),
    canChangeCoursePublishState: rights.canChangeCoursePublishState,
    defaultView: c.default_view,
  };
}
