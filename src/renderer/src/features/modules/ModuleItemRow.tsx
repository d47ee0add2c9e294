import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CompletionRequirement, ModuleItem } from '../../../../contracts/lms-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { common } from '../../i18n/common-messages.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime, formatPoints } from '../../lib/format.ts';
import { dragReorderProps } from '../../lib/drag-reorder.ts';
import { paths } from '../../lib/paths.ts';
import { useModuleProgressStore } from '../../stores/module-progress-store.ts';
import { minScoreLabel, TYPE_LABELS } from './add-item-values.ts';
import { ModuleItemControls } from './ModuleItemControls.tsx';

interface ModuleItemRowProps {
  courseId: number;
  item: ModuleItem;
  viewer: CourseViewer;
  /** For course builders: the neighbours' positions (reordering) and what a drop on this row does. */
  upTo?: number;
  downTo?: number;
  onDropAt?: (draggedId: number, position: number) => void;
}

/** A locked item's badge, and a locked module's. */
export const lockedMessage = defineMessage({ id: 'modules.locked', defaultMessage: 'Locked' });
const markDoneMessage = defineMessage({ id: 'modules.item.markDone', defaultMessage: 'Mark as done' });

export function ModuleItemRow({ courseId, item, viewer, upTo, downTo, onDropAt }: ModuleItemRowProps) {
  const intl = useIntl();
  const titleId = `module-item-${item.id}-title`;
  const building = viewer.canManage && onDropAt !== undefined;
  const drag = building ? dragReorderProps('module-item', item.id, item.position, onDropAt) : {};
  const controls = building && <ModuleItemControls courseId={courseId} item={item} upTo={upTo} downTo={downTo} />;
  if (item.type === 'SubHeader') {
    return (
      <li className={`module-subheader indent-${Math.min(item.indent, 5)}`} data-testid={`module-item-${item.id}`} {...drag}>
        <h3 id={titleId} dir="auto">
          {item.title}
        </h3>
        {controls}
      </li>
    );
  }
  const details = item.content_details;
  const locked = details?.locked_for_user === true;
  const due = formatDateTime(details?.due_at);
  return (
    <li className={`module-item indent-${Math.min(item.indent, 5)}`} data-testid={`module-item-${item.id}`} {...drag}>
      <div className="module-item-main">
        <span className="module-item-type">{item.type in TYPE_LABELS ? intl.formatMessage(TYPE_LABELS[item.type]) : item.type}</span>
        <ItemTitle courseId={courseId} item={item} locked={locked} id={titleId} />
        {viewer.canManage && !building && item.published !== undefined && !item.published && <Badge tone="warn">{intl.formatMessage(common.unpublished)}</Badge>}
        {locked && <Badge tone="locked">{intl.formatMessage(lockedMessage)}</Badge>}
      </div>
      <div className="module-item-meta muted">
        {due && <span>{intl.formatMessage({ id: 'modules.item.due', defaultMessage: 'Due {date}' }, { date: due })}</span>}
        {details?.points_possible !== undefined && <span>{formatPoints(details.points_possible)}</span>}
        {item.completion_requirement && <RequirementStatus requirement={item.completion_requirement} />}
      </div>
      {controls}
      {locked && details?.lock_explanation && <p className="lock-explanation">{details.lock_explanation}</p>}
      {viewer.isStudent && item.completion_requirement?.type === 'must_mark_done' && !locked && (
        <MarkDoneButton courseId={courseId} item={item} done={item.completion_requirement.completed === true} />
      )}
    </li>
  );
}

function ItemTitle({ courseId, item, locked, id }: { courseId: number; item: ModuleItem; locked: boolean; id: string }) {
  const inApp = locked ? undefined : itemPath(courseId, item);
  if (inApp) {
    return (
      <Link className="module-item-title" to={inApp} id={id} dir="auto">
        {item.title}
      </Link>
    );
  }
  // Only web links: an external_url is teacher-entered and could be any scheme.
  const external = !locked && item.type === 'ExternalUrl' && item.external_url && /^https?:\/\//i.test(item.external_url) ? item.external_url : undefined;
  if (!external) {
    return (
      <span className="module-item-title" id={id} dir="auto">
        {item.title}
      </span>
    );
  }
  return (
    <a className="module-item-title" id={id} dir="auto" href={external} target="_blank" rel="noopener noreferrer">
      {item.title}
    </a>
  );
}

/** Where an item opens inside the app; undefined for links out and kinds the UI does not show yet. */
function itemPath(courseId: number, item: ModuleItem): string | undefined {
  if (item.type === 'Assignment' && item.content_id !== undefined) return paths.assignment(courseId, item.content_id);
  if (item.type === 'Page' && item.page_url) return paths.page(courseId, item.page_url);
  if (item.type === 'Quiz' && item.content_id !== undefined) return paths.quiz(courseId, item.content_id);
  return undefined;
}

/** A requirement as the item states it; the score one has its own words (minScoreLabel). */
const REQUIREMENT_LABELS: Messages<Exclude<CompletionRequirement['type'], 'min_score'>> = defineMessages({
  must_view: { id: 'modules.item.requirement.view', defaultMessage: 'View' },
  must_mark_done: markDoneMessage,
  must_submit: { id: 'modules.item.requirement.submit', defaultMessage: 'Submit' },
  must_contribute: { id: 'modules.item.requirement.contribute', defaultMessage: 'Contribute' },
});

function RequirementStatus({ requirement }: { requirement: CompletionRequirement }) {
  const intl = useIntl();
  const label = requirement.type === 'min_score' ? minScoreLabel(requirement.min_score) : intl.formatMessage(REQUIREMENT_LABELS[requirement.type]);
  return (
    <span className="requirement">
      <FormattedMessage id="modules.item.requirement" defaultMessage="Requirement: {requirement}" values={{ requirement: label }} />
      {requirement.completed !== undefined &&
        (requirement.completed ? (
          <Badge tone="good">{intl.formatMessage({ id: 'modules.item.requirement.met', defaultMessage: 'Met' })}</Badge>
        ) : (
          <Badge tone="neutral">{intl.formatMessage({ id: 'modules.item.requirement.notMet', defaultMessage: 'Not met yet' })}</Badge>
        ))}
    </span>
  );
}

function MarkDoneButton({ courseId, item, done }: { courseId: number; item: ModuleItem; done: boolean }) {
  const pending = useModuleProgressStore((s) => s.pendingItemIds.includes(item.id));
  const failure = useModuleProgressStore((s) => (s.failure?.itemId === item.id ? s.failure.message : undefined));
  const itemDoneToggled = useModuleProgressStore((s) => s.itemDoneToggled);
  return (
    <div className="mark-done">
      {/* A toggle: the name stays, aria-pressed carries the state (and the requirement shows Met). */}
      <button
        type="button"
        className="toggle"
        aria-pressed={done}
        disabled={pending}
        onClick={() => void itemDoneToggled({ courseId, moduleId: item.module_id, itemId: item.id }, !done)}
      >
        <FormattedMessage {...markDoneMessage} />
      </button>
      {failure && (
        <span role="alert" className="error">
          {failure}
        </span>
      )}
    </div>
  );
}
