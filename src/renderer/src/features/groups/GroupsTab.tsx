import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Loaded } from '../../components/Loaded.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { GroupSetForm } from './GroupSetForm.tsx';
import { GroupSetSection } from './GroupSetSection.tsx';
import { groupWords } from './group-words.ts';

/** The course's group sets, for staff: make, edit and delete them, and move students between their groups. */
export function GroupsTab({ courseId }: { courseId: number }) {
  const intl = useIntl();
  const categories = useResource(resources.groupCategories(courseId));
  const [creating, setCreating] = useState(false);
  return (
    <>
      {creating ? (
        <GroupSetForm courseId={courseId} onDone={() => setCreating(false)} />
      ) : (
        <p>
          <button type="button" onClick={() => setCreating(true)}>
            <FormattedMessage {...groupWords.newGroupSet} />
          </button>
        </p>
      )}
      <Loaded value={categories} what={intl.formatMessage({ id: 'groups.sets.what', defaultMessage: 'the group sets' })}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="groups.sets.none" defaultMessage="This course has no group sets yet." />
            </p>
          ) : (
            list.map((category) => <GroupSetSection key={category.id} courseId={courseId} category={category} />)
          )
        }
      </Loaded>
    </>
  );
}
