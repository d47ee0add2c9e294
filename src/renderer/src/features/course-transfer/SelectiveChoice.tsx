import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCourseTransferStore, type SelectiveGroup } from '../../stores/course-transfer-store.ts';
import { SELECTIVE_TYPE_WORDS } from './transfer-words.ts';

/** Picked pieces by their `copy[...]` property; a whole type by its `copy[all_<type>]`. */
type Picks = Partial<Record<string, boolean>>;

/**
 * A selective import's choice: per content type a group of checkboxes, its first one taking the whole type
 * (`All {type}`), then one per piece named by its title. A picked module brings the content its items point at.
 */
export function SelectiveChoice({ courseId, migrationId, groups }: { courseId: number; migrationId: number; groups: SelectiveGroup[] }) {
  const intl = useIntl();
  const [picks, setPicks] = useState<Picks>({});
  const selectionImported = useCourseTransferStore((s) => s.selectionImported);
  const picked = (group: SelectiveGroup, property: string) => picks[group.node.property] === true || picks[property] === true;
  const anything = Object.values(picks).some(Boolean);

  function onSubmit(e: FormEvent): void {
    e.preventDefault();
    if (!anything) return;
    void selectionImported(courseId, migrationId, copyOf(groups, picks));
  }

  return (
    <form className="stacked-form" onSubmit={onSubmit}>
      <p>
        <FormattedMessage id="courseTransfer.choose.intro" defaultMessage="Choose what to import. A module brings the content its items point at." />
      </p>
      {groups.map((group) => {
        const words = SELECTIVE_TYPE_WORDS[group.node.type];
        const typeName = words ? intl.formatMessage(words) : group.node.title;
        return (
          <fieldset key={group.node.type} className="choice">
            <legend>{typeName}</legend>
            <label className="checkbox">
              <input type="checkbox" checked={picks[group.node.property] === true} onChange={(e) => setPicks({ ...picks, [group.node.property]: e.target.checked })} />
              <FormattedMessage id="courseTransfer.choose.all" defaultMessage="All {type} ({count, number})" values={{ type: typeName, count: group.node.count ?? group.items.length }} />
            </label>
            <ul className="plain-list transfer-choice-items">
              {group.items.map((item) => (
                <li key={item.property}>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={picked(group, item.property)}
                      disabled={picks[group.node.property] === true}
                      onChange={(e) => setPicks({ ...picks, [item.property]: e.target.checked })}
                    />
                    <span dir="auto">{item.title}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
      <button type="submit" disabled={!anything}>
        <FormattedMessage id="courseTransfer.choose.submit" defaultMessage="Import selected content" />
      </button>
    </form>
  );
}

/** Canvas's `copy` hash from the picks: `all_<type>` flags and `<type>: {id_<migration_id>: true}`. */
function copyOf(groups: SelectiveGroup[], picks: Picks): Record<string, boolean | Record<string, boolean>> {
  const copy: Record<string, boolean | Record<string, boolean>> = {};
  for (const group of groups) {
    if (picks[group.node.property] === true) {
      copy[`all_${group.node.type}`] = true;
      continue;
    }
    const some = group.items.filter((item) => picks[item.property] === true && item.migration_id !== undefined);
    if (some.length > 0) copy[group.node.type] = Object.fromEntries(some.map((item) => [`id_${item.migration_id!}`, true]));
  }
  return copy;
}
