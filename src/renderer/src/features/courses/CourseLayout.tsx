import type { ReactNode } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { useCourseLocale } from '../../i18n/locale-store.ts';
import type { Messages } from '../../i18n/messages.ts';
import { courseViewer, readsStudentWork, type CourseViewer } from '../../lib/course-roles.ts';
import { COURSE_TABS, paths, type CourseTab } from '../../lib/paths.ts';
import { StudentPicker } from '../observers/StudentPicker.tsx';
import { ScreenHeading } from '../../shell/ScreenHeading.tsx';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

export const TAB_LABELS: Messages<CourseTab> = defineMessages({
  modules: { id: 'course.tab.modules', defaultMessage: 'Modules' },
  assignments: { id: 'course.tab.assignments', defaultMessage: 'Assignments' },
  quizzes: { id: 'course.tab.quizzes', defaultMessage: 'Quizzes' },
  discussions: { id: 'course.tab.discussions', defaultMessage: 'Discussions' },
  pages: { id: 'course.tab.pages', defaultMessage: 'Pages' },
  people: { id: 'course.tab.people', defaultMessage: 'People' },
  groups: { id: 'course.tab.groups', defaultMessage: 'Groups' },
  grades: { id: 'course.tab.grades', defaultMessage: 'Grades' },
  todo: { id: 'course.tab.todo', defaultMessage: 'To do' },
  polls: { id: 'course.tab.polls', defaultMessage: 'Polls' },
  settings: { id: 'course.tab.settings', defaultMessage: 'Settings', description: "A course's own settings." },
});

/** Sections about one student's own work: theirs, or the student an observer follows. */
const STUDENT_TABS: ReadonlySet<CourseTab> = new Set(['grades', 'todo']);

/**
 * The sections the viewer has: `grades` is the gradebook for graders; `grades` and `todo` are a student's (and their
 * observer's); `polls` is where students answer and teachers open and close sessions (observers take no part);
 * `settings` and `groups` are for those who build the course.
 */
export function courseTabs(viewer: CourseViewer): CourseTab[] {
  return COURSE_TABS.filter((t) => {
    if (t === 'settings' || t === 'groups') return viewer.canManage;
    if (t === 'polls') return viewer.isStudent || viewer.canManage;
    return !STUDENT_TABS.has(t) || readsStudentWork(viewer) || (t === 'grades' && viewer.canGrade);
  });
}

interface CourseLayoutProps {
  courseId: number;
  children: (course: Course, viewer: CourseViewer) => ReactNode;
}

/**
 * A course's screen: its name as the h1 and its section navigation around one section's content. The section
 * names the document title (it knows what is shown); until the course has loaded, the layout does.
 */
export function CourseLayout({ courseId, children }: CourseLayoutProps) {
  const intl = useIntl();
  const course = useResource(resources.course(courseId));
  useCourseLocale(course.status === 'loaded' ? course.data.locale : undefined);
  const heading =
    course.status === 'loaded'
      ? course.data.name
      : course.status === 'loading'
        ? intl.formatMessage({ id: 'course.loading', defaultMessage: 'Loading course…' })
        : intl.formatMessage({ id: 'course.unavailable', defaultMessage: 'Course unavailable' });
  useDocumentTitle(...(course.status === 'loaded' ? [] : [heading]));
  return (
    <main className="page">
      <p className="breadcrumbs">
        <Link to={paths.courses()}>
          <FormattedMessage id="course.allCourses" defaultMessage="All courses" />
        </Link>
      </p>
      <ScreenHeading>{course.status === 'loaded' ? <bdi>{heading}</bdi> : heading}</ScreenHeading>
      <Loaded value={course} what={intl.formatMessage({ id: 'course.what', defaultMessage: 'this course' })}>
        {(loaded) => (
          <>
            <nav aria-label={intl.formatMessage({ id: 'course.sections', defaultMessage: 'Course sections' })} className="course-tabs">
              {courseTabs(courseViewer(loaded)).map((t) => (
                <NavLink key={t} to={paths.course(courseId, t)}>
                  {intl.formatMessage(TAB_LABELS[t])}
                </NavLink>
              ))}
            </nav>
            <ObservedStudent courseId={courseId} viewer={courseViewer(loaded)} />
            <div className="course-section">{children(loaded, courseViewer(loaded))}</div>
          </>
        )}
      </Loaded>
    </main>
  );
}

/** An observer (who is not also a student here) chooses whose work the sections show. */
function ObservedStudent({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  return !viewer.isStudent && viewer.observees.length > 0 ? <StudentPicker courseId={courseId} viewer={viewer} /> : null;
}
