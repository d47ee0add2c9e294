import type { CourseUser } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { enrollmentLabel } from '../../lib/course-roles.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** The course roster; the API decides who may see whom (and whether login ids are shown). */
export function PeopleTab({ courseId }: { courseId: number }) {
  const people = useResource(resources.people(courseId));
  return (
    <Loaded value={people} what="the people in this course">
      {(list) => (
        <div className="table-scroll">
<table className="data-table">
          <caption className="visually-hidden">People</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Login</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {list.map((person) => (
              <tr key={person.id}>
                <th scope="row">{person.name}</th>
                <td>{person.login_id ?? ''}</td>
                <td>{roles(person)}</td>
              </tr>
            ))}
          </tbody>
        </table>
</div>
      )}
    </Loaded>
  );
}

function roles(person: CourseUser): string {
  return [...new Set((person.enrollments ?? []).map((e) => enrollmentLabel(e.type, e.role)))].join(', ');
}
