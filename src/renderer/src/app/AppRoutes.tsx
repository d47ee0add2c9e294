import { AssignmentDetail } from '../features/assignments/AssignmentDetail.tsx';
import { AssignmentsTab } from '../features/assignments/AssignmentsTab.tsx';
import { CourseLayout } from '../features/courses/CourseLayout.tsx';
import { CourseListPage } from '../features/courses/CourseListPage.tsx';
import { ModulesTab } from '../features/modules/ModulesTab.tsx';
import { PageView } from '../features/pages/PageView.tsx';
import { PagesTab } from '../features/pages/PagesTab.tsx';
import { PeopleTab } from '../features/people/PeopleTab.tsx';
import type { CourseTab, Route } from '../lib/routes.ts';
import { useRoute } from '../lib/use-route.ts';

/** The signed-in UI: which view the URL hash points at. */
export function AppRoutes() {
  const route = useRoute();
  if (route.name === 'courses') return <CourseListPage />;
  return (
    <CourseLayout courseId={route.courseId} tab={tabOf(route)}>
      {(_course, viewer) => {
        switch (route.name) {
          case 'assignment':
            return <AssignmentDetail courseId={route.courseId} assignmentId={route.assignmentId} viewer={viewer} />;
          case 'page':
            return <PageView courseId={route.courseId} pageUrl={route.pageUrl} />;
          case 'course':
            switch (route.tab) {
              case 'modules':
                return <ModulesTab courseId={route.courseId} viewer={viewer} />;
              case 'assignments':
                return <AssignmentsTab courseId={route.courseId} viewer={viewer} />;
              case 'pages':
                return <PagesTab courseId={route.courseId} viewer={viewer} />;
              case 'people':
                return <PeopleTab courseId={route.courseId} />;
            }
        }
      }}
    </CourseLayout>
  );
}

function tabOf(route: Exclude<Route, { name: 'courses' }>): CourseTab {
  if (route.name === 'assignment') return 'assignments';
  if (route.name === 'page') return 'pages';
  return route.tab;
}
