import { Loaded } from '../../components/Loaded.tsx';
import { courseRoleLabels } from '../../lib/course-roles.ts';
import { routeHref } from '../../lib/routes.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

export function CourseListPage() {
  const courses = useResource(resources.courses());
  return (
    <main className="page">
      <h1>Your courses</h1>
      <Loaded value={courses} what="your courses">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">You are not enrolled in any course. Courses appear here once you are enrolled.</p>
          ) : (
            <ul className="card-list" aria-label="Courses">
              {list.map((course) => (
                <li key={course.id} className="card">
                  <a href={routeHref({ name: 'course', courseId: course.id, tab: 'modules' })} className="card-title">
                    {course.name}
                  </a>
                  <span className="muted">
                    {[course.course_code, course.term?.name, courseRoleLabels(course).join(', ')].filter(Boolean).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </main>
  );
}
