import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { courseViewer, type CourseViewer } from '../../lib/course-roles.ts';
import { COURSE_TABS, paths, type CourseTab } from '../../lib/paths.ts';
import { ScreenHeading } from '../../shell/ScreenHeading.tsx';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

export const TAB_LABELS: Record<CourseTab, string> = { modules: 'Modules', assignments: 'Assignments', pages: 'Pages', people: 'People', grades: 'Grades' };

/** The sections the viewer's navigation lists: the gradebook is for the course's graders. */
const tabsFor = (viewer: CourseViewer) => COURSE_TABS.filter((t) => t !== 'grades' || viewer.canGrade);

interface CourseLayoutProps {
  courseId: number;
  children: (course: Course, viewer: CourseViewer) => ReactNode;
}

/**
 * A course's screen: its name as the h1 and its section navigation around one section's content. The section
 * names the document title (it knows what is shown); until the course has loaded, the layout does.
 */
export function CourseLayout({ courseId, children }: CourseLayoutProps) {
  const course = useResource(resources.course(courseId));
  const heading = course.status === 'loaded' ? course.data.name : course.status === 'loading' ? 'Loading course…' : 'Course unavailable';
  useDocumentTitle(...(course.status === 'loaded' ? [] : [heading]));
  return (
    <main className="page">
      <p className="breadcrumbs">
        <Link to={paths.courses()}>All courses</Link>
      </p>
      <ScreenHeading>{heading}</ScreenHeading>
      <Loaded value={course} what="this course">
        {(loaded) => (
          <>
            <nav aria-label="Course sections" className="course-tabs">
              {tabsFor(courseViewer(loaded)).map((t) => (
                <NavLink key={t} to={paths.course(courseId, t)}>
                  {TAB_LABELS[t]}
                </NavLink>
              ))}
            </nav>
            <div className="course-section">{children(loaded, courseViewer(loaded))}</div>
          </>
        )}
      </Loaded>
    </main>
  );
}
