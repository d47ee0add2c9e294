import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CourseUser } from '../../../../contracts/lms-dtos.ts';
import { DataTable } from '../../components/DataTable.tsx';
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
  const intl = useIntl();
  const people = useResource(resources.people(courseId));
  const [adding, setAdding] = useState(false);
  const columns = [
    intl.formatMessage({ id: 'people.column.name', defaultMessage: 'Name' }),
    intl.formatMessage({ id: 'people.column.login', defaultMessage: 'Login' }),
    intl.formatMessage({ id: 'people.column.role', defaultMessage: 'Role' }),
  ];
  return (
    <>
      {viewer.canManage &&
        (adding ? (
          <AddPeopleForm courseId={courseId} onDone={() => setAdding(false)} />
        ) : (
          <p>
            <button type="button" onClick={() => setAdding(true)}>
              <FormattedMessage id="people.add" defaultMessage="Add people" />
            </button>
          </p>
        ))}
      <Loaded value={people} what={intl.formatMessage({ id: 'people.what', defaultMessage: 'the people in this course' })}>
        {(list) => (
          <DataTable caption={intl.formatMessage({ id: 'people.table', defaultMessage: 'People' })} columns={columns}>
            {list.map((person) => (
              <tr key={person.id}>
                <th scope="row" dir="auto">
                  {person.name}
                </th>
                <td dir="ltr">{person.login_id ?? ''}</td>
                <td>{intl.formatList(roles(person), { type: 'unit' })}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
    </>
  );
}

function roles(person: CourseUser): string[] {
  return [...new Set((person.enrollments ?? []).map((e) => enrollmentLabel(e.type, e.role)))];
}
