import type { GroupCategory, GroupUser } from '../../../../contracts/group-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { dropTargetProps } from '../../lib/drag-reorder.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import type { GroupWithMembers } from '../../stores/group-set-members.ts';
import { useGroupsStore } from '../../stores/groups-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { GroupMember, MEMBER_DRAG, moveSelectId } from './GroupMember.tsx';

/** One group set: its groups with their members, and its students in no group; students move by drag or by select. */
export function GroupSetSection({ category }: { category: GroupCategory }) {
  const members = useResource(resources.groupSet(category.id));
  const moveRequested = useGroupsStore((s) => s.memberMoveRequested);
  const { error, submit } = useSubmission();
  const move = (groupId: number, userId: number) =>
    void submit(async () => {
      await moveRequested(category.id, groupId, userId);
      // The student is now listed under the other group: the focus follows them there.
      document.getElementById(moveSelectId(category.id, userId))?.focus();
    });

  return (
    <section className="panel group-set" aria-labelledby={`group-set-${category.id}`}>
      <h2 id={`group-set-${category.id}`}>{category.name}</h2>
      {category.self_signup !== null && <p className="muted">Students may sign up for a group themselves.</p>}
      <FormError message={error} />
      <Loaded value={members} what={`the groups of ${category.name}`}>
        {({ groups, unassigned }) => {
          const memberList = (list: readonly GroupUser[], ownGroup?: number) => (
            <ul className="group-members">
              {list.map((m) => (
                <GroupMember key={m.id} categoryId={category.id} member={m} targets={groups.filter((g) => g.id !== ownGroup)} onMove={move} />
              ))}
            </ul>
          );
          return (
            <>
              {groups.length === 0 && <p className="muted">This set has no groups yet.</p>}
              {groups.map((group: GroupWithMembers) => (
                <section key={group.id} className="group" aria-labelledby={`group-${group.id}`} {...dropTargetProps(MEMBER_DRAG, (userId) => move(group.id, userId))}>
                  <h3 id={`group-${group.id}`}>{group.name}</h3>
                  {group.members.length === 0 ? <p className="muted">No members yet.</p> : memberList(group.members, group.id)}
                </section>
              ))}
              {unassigned.length > 0 && (
                <section className="group" aria-labelledby={`unassigned-${category.id}`}>
                  <h3 id={`unassigned-${category.id}`}>Unassigned students</h3>
                  {memberList(unassigned)}
                </section>
              )}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
