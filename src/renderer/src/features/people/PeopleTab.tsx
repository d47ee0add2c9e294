import { DataTable } from '../../components/DataTable.tsx';
import { useState } from 'react';
import type { CourseUser } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { enrollmentLabel, type CourseViewer } from '../../lib/course-roles.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { AddPeopleForm } from './AddPeopleForm.tsx';

/**
 * The course roster; the API decides who may see whom (and whether login ids are shown). Staff may add people; the
 * API then decides which roles each of them may give.
 */
export function PeopleTab({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  const people = useResource(resources.people(courseId));
  const [adding, setAdding] = useState(false);
  return (
    <>
      {viewer.canManage &&
        (adding ? (
          <AddPeopleForm courseId={courseId} onDone={() => setAdding(false)} />
        ) : (
          <p>
            <button type="button" onClick={() => setAdding(true)}>
              Add people
            </button>
          </p>
        ))}
      <Loaded value={people} what="the people in this course">
        {(list) => (
          <DataTable caption="People" columns={['Name', 'Login', 'Role']}>
            {list.map((person) => (
              <tr key={person.id}>
                <th scope="row">{person.name}</th>
                <td>{person.login_id ?? ''}</td>
                <td>{roles(person)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
    </>
  );
}

function roles(person: CourseUser): string {
  return [...new Set((person.enrollments ?? []).map((e) => enrollmentLabel(e.type, e.role)))].join(', ');
}
