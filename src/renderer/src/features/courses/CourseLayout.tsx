import type { ReactNode } from 'react';
import type { Course } from '../../../../shared/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { courseViewer, type CourseViewer } from '../../lib/course-roles.ts';
import { COURSE_TABS, routeHref, type CourseTab } from '../../lib/routes.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

const TAB_LABELS: Record<CourseTab, string> = { modules: 'Modules', assignments: 'Assignments', pages: 'Pages', people: 'People' };

interface CourseLayoutProps {
  courseId: number;
  /** The tab the shown content belongs to (a detail view belongs to its list's tab). */
  tab: CourseTab;
  children: (course: Course, viewer: CourseViewer) => ReactNode;
}

/** A course's title and section navigation around one section's content. */
export function CourseLayout({ courseId, tab, children }: CourseLayoutProps) {
  const course = useResource(resources.course(courseId));
  return (
    <main className="page">
      <p className="breadcrumbs">
        <a href={routeHref({ name: 'courses' })}>All courses</a>
      </p>
      <Loaded value={course} what="this course">
        {(loaded) => (
          <>
            <h1>{loaded.name}</h1>
            <nav aria-label="Course sections" className="course-tabs">
              {COURSE_TABS.map((t) => (
                <a key={t} href={routeHref({ name: 'course', courseId, tab: t })} aria-current={t === tab ? 'page' : undefined}>
                  {TAB_LABELS[t]}
                </a>
              ))}
            </nav>
            <section aria-label={TAB_LABELS[tab]} className="course-section">
              {children(loaded, courseViewer(loaded))}
            </section>
          </>
        )}
      </Loaded>
    </main>
  );
}
