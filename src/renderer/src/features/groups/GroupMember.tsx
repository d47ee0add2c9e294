import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GroupUser } from '../../../../contracts/group-dtos.ts';
import { dragSourceProps } from '../../lib/drag-reorder.ts';
import type { GroupWithMembers } from '../../stores/group-set-members.ts';

/** The drag data type of a student on the groups screen: only groups accept it. */
export const MEMBER_DRAG = 'group-member';

/** The select's DOM id, so the focus can follow a student to the group they were moved to. */
export const moveSelectId = (categoryId: number, userId: number) => `move-${categoryId}-${userId}`;

interface GroupMemberProps {
  categoryId: number;
  member: GroupUser;
  /** The groups this student can move to: all of the set's but their own. */
  targets: readonly GroupWithMembers[];
  onMove: (groupId: number, userId: number) => void;
  /** In a group: whether this member leads it, and how to make them leader or stop them leading. */
  leadership?: { leads: boolean; onChange: (leads: boolean) => void };
}

/** A student in a group (or in none): dragged to another group, or moved with the select and `Move`, the keyboard path. */
export function GroupMember({ categoryId, member, targets, onMove, leadership }: GroupMemberProps) {
  const intl = useIntl();
  const labelId = useId();
  const [target, setTarget] = useState<number>();
  const chosen = target ?? targets[0]?.id;
  return (
    <li className="group-member" {...dragSourceProps(MEMBER_DRAG, member.id)}>
      <span dir="auto">{member.name}</span>
      {leadership && (
        <button type="button" onClick={() => leadership.onChange(!leadership.leads)}>
          {leadership.leads
            ? intl.formatMessage({ id: 'groups.member.unlead', defaultMessage: 'Remove {name} as leader' }, { name: member.name })
            : intl.formatMessage({ id: 'groups.member.lead', defaultMessage: 'Make {name} leader' }, { name: member.name })}
        </button>
      )}
      {chosen !== undefined && (
        <span className="inline-field">
          <label id={labelId} htmlFor={moveSelectId(categoryId, member.id)}>
            <FormattedMessage id="groups.member.moveTo" defaultMessage="Move {name} to…" values={{ name: member.name }} />
          </label>
          <select id={moveSelectId(categoryId, member.id)} value={chosen} onChange={(e) => setTarget(Number(e.target.value))}>
            {targets.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          <button type="button" aria-describedby={labelId} onClick={() => onMove(chosen, member.id)}>
            <FormattedMessage id="groups.member.move" defaultMessage="Move" />
          </button>
        </span>
      )}
    </li>
  );
}
