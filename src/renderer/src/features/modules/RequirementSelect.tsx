import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { CompletionRequirementType, ModuleItem, ModuleItemWrite } from '../../../../contracts/lms-dtos.ts';
import { minScoreLabel, REQUIREMENT_CHOICES, requirementMessages } from './add-item-values.ts';

interface RequirementSelectProps {
  item: ModuleItem;
  /** The id of the item's title: several items' selects share the name "Completion requirement". */
  describedBy: string;
  onChange: (write: ModuleItemWrite) => void;
}

/**
 * An existing item's completion requirement. "Score at least" needs a score, so it is chosen when the item is
 * added; here it is offered only to keep the one the item has.
 */
export function RequirementSelect({ item, describedBy, onChange }: RequirementSelectProps) {
  const intl = useIntl();
  const id = useId();
  const current = item.completion_requirement;
  const choices = REQUIREMENT_CHOICES.filter(
    (r) => r.kinds.some((kind) => kind === item.type) && (r.type !== 'min_score' || current?.type === 'min_score'),
  );
  if (choices.length === 0) return null;
  const choose = (type: CompletionRequirementType | '') =>
    onChange({ completion_requirement: type === '' ? null : { type, ...(type === 'min_score' ? { min_score: current?.min_score ?? 0 } : {}) } });
  return (
    <span className="inline-field">
      <label htmlFor={id}>{intl.formatMessage(requirementMessages.label)}</label>
      <select id={id} aria-describedby={describedBy} value={current?.type ?? ''} onChange={(e) => choose(e.target.value as CompletionRequirementType | '')}>
        <option value="">{intl.formatMessage(requirementMessages.none)}</option>
        {choices.map((r) => (
          <option key={r.type} value={r.type}>
            {r.type === 'min_score' ? minScoreLabel(current?.min_score) : intl.formatMessage(r.label)}
          </option>
        ))}
      </select>
    </span>
  );
}
