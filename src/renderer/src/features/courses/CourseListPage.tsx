import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Loaded } from '../../components/Loaded.tsx';
import { courseRoleLabels } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

export function CourseListPage() {
  const intl = useIntl();
  const courses = useResource(resources.courses());
  return (
    <Screen title={intl.formatMessage({ id: 'courses.title', defaultMessage: 'Your courses' })}>
      <Loaded value={courses} what={intl.formatMessage({ id: 'courses.what', defaultMessage: 'your courses' })}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="courses.none" defaultMessage="You are not enrolled in any course. Courses appear here once you are enrolled." />
            </p>
          ) : (
            <ul className="card-list" aria-label={intl.formatMessage({ id: 'courses.list', defaultMessage: 'Courses' })}>
              {list.map((course) => (
                <li key={course.id} className="card">
                  <Link to={paths.course(course.id)} className="card-title" dir="auto">
                    {course.name}
                  </Link>
                  <span className="muted">
                    {[course.course_code, course.term?.name, intl.formatList(courseRoleLabels(course), { type: 'unit' })].filter(Boolean).join(' · ')}
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
