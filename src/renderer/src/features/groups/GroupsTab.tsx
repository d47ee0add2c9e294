import { useState } from 'react';
import { Loaded } from '../../components/Loaded.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { GroupSetForm } from './GroupSetForm.tsx';
import { GroupSetSection } from './GroupSetSection.tsx';

/** The course's group sets, for staff: make, edit and delete them, and move students between their groups. */
export function GroupsTab({ courseId }: { courseId: number }) {
  const categories = useResource(resources.groupCategories(courseId));
  const [creating, setCreating] = useState(false);
  return (
    <>
      {creating ? (
        <GroupSetForm courseId={courseId} onDone={() => setCreating(false)} />
      ) : (
        <p>
          <button type="button" onClick={() => setCreating(true)}>
            New group set
          </button>
        </p>
      )}
      <Loaded value={categories} what="the group sets">
        {(list) =>
          list.length === 0 ? <p className="muted">This course has no group sets yet.</p> : list.map((category) => <GroupSetSection key={category.id} courseId={courseId} category={category} />)
        }
      </Loaded>
    </>
  );
}
