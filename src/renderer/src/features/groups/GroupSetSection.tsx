import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GroupCategory, GroupUser } from '../../../../contracts/group-dtos.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { useChangeQueue } from '../../lib/use-change-queue.ts';
import type { GroupWithMembers } from '../../stores/group-set-members.ts';
import { useGroupsStore } from '../../stores/groups-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { GroupMember, moveSelectId } from './GroupMember.tsx';
import { GroupPanel } from './GroupPanel.tsx';
import { GroupSetSettingsForm } from './GroupSetSettingsForm.tsx';

/**
 * One group set: its settings (`Edit group set`, `Delete`), its groups with their members and leaders, and its students
 * in no group; students move by drag or by select.
 */
export function GroupSetSection({ courseId, category }: { courseId: number; category: GroupCategory }) {
  const intl = useIntl();
  const members = useResource(resources.groupSet(category.id));
  const [editing, setEditing] = useState(false);
  const moveRequested = useGroupsStore((s) => s.memberMoveRequested);
  const leaderRequested = useGroupsStore((s) => s.groupUpdateRequested);
  const deleteRequested = useGroupsStore((s) => s.groupSetDeleteRequested);
  // Moves and leaders are sent in turn, none dropped (decision 0093): a move names its target group, not a position
  // on screen, so one sent after another is still what the person meant.
  const { error, send } = useChangeQueue();
  const move = (groupId: number, userId: number) =>
    void send(async () => {
      await moveRequested(category.id, groupId, userId);
      // The student is now listed under the other group: the focus follows them there.
      document.getElementById(moveSelectId(category.id, userId))?.focus();
    });

  const lead = (group: GroupWithMembers, userId: number) => (leads: boolean) => void send(() => leaderRequested(category.id, group.id, { leader_id: leads ? userId : null }));

  return (
    <section className="panel group-set" aria-labelledby={`group-set-${category.id}`}>
      <h2 id={`group-set-${category.id}`} dir="auto">
        {category.name}
      </h2>
      {category.self_signup !== null && (
        <p className="muted">
          <FormattedMessage id="groups.set.selfSignup.on" defaultMessage="Students may sign up for a group themselves." />
        </p>
      )}
      {category.group_limit !== null && (
        <p className="muted">
          <FormattedMessage
            id="groups.set.limit.shown"
            defaultMessage="{count, plural, one {At most # member per group.} other {At most # members per group.}}"
            values={{ count: category.group_limit }}
          />
        </p>
      )}
      {editing ? (
        <GroupSetSettingsForm courseId={courseId} category={category} onDone={() => setEditing(false)} />
      ) : (
        <div className="button-row">
          <button type="button" onClick={() => setEditing(true)}>
            <FormattedMessage id="groups.set.edit" defaultMessage="Edit group set" />
          </button>
          <ConfirmDelete
            what="group set"
            question={intl.formatMessage(
              { id: 'groups.set.deleteQuestion', defaultMessage: 'Delete {set} and all its groups? Its students will be in none of them.' },
              { set: category.name },
            )}
            onDelete={() => deleteRequested(courseId, category.id)}
          />
        </div>
      )}
      <FormError message={error} />
      <Loaded value={members} what={intl.formatMessage({ id: 'groups.set.groups.what', defaultMessage: 'the groups of {set}' }, { set: category.name })}>
        {({ groups, unassigned }) => {
          const memberList = (list: readonly GroupUser[], own?: GroupWithMembers) => (
            <ul className="group-members">
              {list.map((m) => (
                <GroupMember
                  key={m.id}
                  categoryId={category.id}
                  member={m}
                  targets={groups.filter((g) => g.id !== own?.id)}
                  onMove={move}
                  leadership={own && { leads: own.leader?.id === m.id, onChange: lead(own, m.id) }}
                />
              ))}
            </ul>
          );
          return (
            <>
              {groups.length === 0 && (
                <p className="muted">
                  <FormattedMessage id="groups.set.noGroups" defaultMessage="This set has no groups yet." />
                </p>
              )}
              {groups.map((group: GroupWithMembers) => (
                <GroupPanel key={group.id} categoryId={category.id} group={group} onDrop={(userId) => move(group.id, userId)}>
                  {memberList(group.members, group)}
                </GroupPanel>
              ))}
              {unassigned.length > 0 && (
                // Every set has such a list: its name tells the landmarks apart.
                <section className="group" aria-label={intl.formatMessage({ id: 'groups.unassigned.of', defaultMessage: 'Unassigned students of {set}' }, { set: category.name })}>
                  <h3>
                    <FormattedMessage id="groups.unassigned" defaultMessage="Unassigned students" />
                  </h3>
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
