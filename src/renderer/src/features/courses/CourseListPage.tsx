import { Link } from 'react-router';
import { Loaded } from '../../components/Loaded.tsx';
import { courseRoleLabels } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

export function CourseListPage() {
  const courses = useResource(resources.courses());
  return (
    <Screen title="Your courses">
      <Loaded value={courses} what="your courses">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">You are not enrolled in any course. Courses appear here once you are enrolled.</p>
          ) : (
            <ul className="card-list" aria-label="Courses">
              {list.map((course) => (
                <li key={course.id} className="card">
                  <Link to={paths.course(course.id)} className="card-title">
                    {course.name}
                  </Link>
                  <span className="muted">
                    {[course.course_code, course.term?.name, courseRoleLabels(course).join(', ')].filter(Boolean).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </Screen>
  );
}
