import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { dropTargetProps } from '../../lib/drag-reorder.ts';
import type { GroupWithMembers } from '../../stores/group-set-members.ts';
import { useGroupsStore } from '../../stores/groups-store.ts';
import { GroupRenameForm } from './GroupRenameForm.tsx';
import { MEMBER_DRAG } from './GroupMember.tsx';

interface GroupPanelProps {
  categoryId: number;
  group: GroupWithMembers;
  /** Students dropped here move into the group. */
  onDrop: (userId: number) => void;
  /** The group's member list, drawn by the set (it knows where each student may move). */
  children: ReactNode;
}

/** One group of a set: its name and leader, `Rename group` and `Delete`, and its members. */
export function GroupPanel({ categoryId, group, onDrop, children }: GroupPanelProps) {
  const intl = useIntl();
  const [renaming, setRenaming] = useState(false);
  const updateRequested = useGroupsStore((s) => s.groupUpdateRequested);
  const deleteRequested = useGroupsStore((s) => s.groupDeleteRequested);
  return (
    <section className="group" aria-labelledby={`group-${group.id}`} {...dropTargetProps(MEMBER_DRAG, onDrop)}>
      <h3 id={`group-${group.id}`} dir="auto">
        {group.name}
      </h3>
      {group.leader && (
        <p className="muted">
          <FormattedMessage id="groups.group.leader" defaultMessage="Leader: {name}" values={{ name: group.leader.display_name }} />
        </p>
      )}
      {renaming ? (
        <GroupRenameForm name={group.name} onRename={(name) => updateRequested(categoryId, group.id, { name })} onDone={() => setRenaming(false)} />
      ) : (
        <div className="button-row">
          <button type="button" onClick={() => setRenaming(true)}>
            <FormattedMessage id="groups.group.rename" defaultMessage="Rename group" />
          </button>
          <ConfirmDelete
            what="group"
            question={intl.formatMessage(
              { id: 'groups.group.deleteQuestion', defaultMessage: 'Delete {group}? Its members go back to the unassigned students.' },
              { group: group.name },
            )}
            onDelete={() => deleteRequested(categoryId, group.id)}
          />
        </div>
      )}
      {group.members.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="groups.group.noMembers" defaultMessage="No members yet." />
        </p>
      ) : (
        children
      )}
    </section>
  );
}
