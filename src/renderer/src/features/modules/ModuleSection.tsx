import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { Course, CourseModule, ModuleState } from '../../../../contracts/lms-dtos.ts';
import { Badge, type BadgeTone } from '../../components/Badge.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { FormError } from '../../components/FormError.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { dragReorderProps } from '../../lib/drag-reorder.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { ModuleBuilderBar } from './ModuleBuilderBar.tsx';
import { lockedMessage, ModuleItemRow } from './ModuleItemRow.tsx';
import { neighbourPositions } from './MoveButtons.tsx';

interface ModuleSectionProps {
  course: Course;
  /** Every module of the course, in order, and this one's index among them. */
  modules: readonly CourseModule[];
  index: number;
  viewer: CourseViewer;
  moduleNames: ReadonlyMap<number, string>;
}

const STATE_LABELS: Messages<Exclude<ModuleState, 'locked'>> = defineMessages({
  unlocked: { id: 'modules.state.unlocked', defaultMessage: 'Not started' },
  started: { id: 'modules.state.started', defaultMessage: 'In progress' },
  completed: { id: 'modules.state.completed', defaultMessage: 'Completed' },
});

const STATE_BADGES: Record<ModuleState, { tone: BadgeTone; label: MessageDescriptor }> = {
  locked: { tone: 'locked', label: lockedMessage },
  unlocked: { tone: 'neutral', label: STATE_LABELS.unlocked },
  started: { tone: 'warn', label: STATE_LABELS.started },
  completed: { tone: 'good', label: STATE_LABELS.completed },
};

export function ModuleSection({ course, modules, index, viewer, moduleNames }: ModuleSectionProps) {
  const intl = useIntl();
  const module = modules[index]!;
  const courseId = course.id;
  const headingId = `module-${module.id}-heading`;
  const stateBadge = module.state ? STATE_BADGES[module.state] : undefined;
  const items = module.items ?? [];
  const changeModule = useAuthoringStore((s) => s.moduleChangeRequested);
  const changeItem = useAuthoringStore((s) => s.itemChangeRequested);
  // A refused drop says why here, under the module it was dropped on.
  const { error: dropError, submit } = useSubmission();
  const drag = viewer.canManage
    ? dragReorderProps('module', module.id, module.position, (id, position) => void submit(() => changeModule(courseId, id, { position })))
    : {};
  const dropItem = viewer.canManage
    ? (itemId: number, position: number) => void submit(() => changeItem(courseId, module.id, itemId, { position }))
    : undefined;
  return (
    <section className="module" aria-labelledby={headingId} data-testid={`module-${module.id}`} {...drag}>
      <header className="module-header">
        <h2 id={headingId} dir="auto">
          {module.name}
        </h2>
        {stateBadge && <Badge tone={stateBadge.tone}>{intl.formatMessage(stateBadge.label)}</Badge>}
      </header>
      {viewer.canManage && <ModuleBuilderBar course={course} modules={modules} index={index} />}
      <FormError message={dropError} />
      <ModuleConditions module={module} moduleNames={moduleNames} />
      {items.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="modules.noItems" defaultMessage="No items." />
        </p>
      ) : (
        <ul className="module-items" aria-label={intl.formatMessage({ id: 'modules.items', defaultMessage: 'Items in {module}' }, { module: module.name })}>
          {items.map((item, i) => (
            <ModuleItemRow key={item.id} courseId={courseId} item={item} viewer={viewer} onDropAt={dropItem} {...neighbourPositions(items, i)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Why a module may be locked: its unlock date, its prerequisites, and whether items must be done in order. */
function ModuleConditions({ module, moduleNames }: { module: CourseModule; moduleNames: ReadonlyMap<number, string> }) {
  const intl = useIntl();
  const unlockAt = formatDateTime(module.unlock_at);
  const prerequisites = module.prerequisite_module_ids.map(
    (id) => moduleNames.get(id) ?? intl.formatMessage({ id: 'modules.unknownModule', defaultMessage: 'module {id}', description: 'A prerequisite module this person cannot see, by its number.' }, { id }),
  );
  if (!unlockAt && prerequisites.length === 0 && !module.require_sequential_progress) return null;
  return (
    <ul className="module-conditions muted">
      {unlockAt && (
        <li>
          <FormattedMessage id="modules.condition.unlockAt" defaultMessage="Unlocks {date}" values={{ date: unlockAt }} />
        </li>
      )}
      {prerequisites.length > 0 && (
        <li>
          <FormattedMessage
            id="modules.condition.prerequisites"
            defaultMessage="Prerequisites: complete {modules} first"
            values={{ modules: intl.formatList(prerequisites, { type: 'unit' }) }}
            description="{modules}: module names as a list."
          />
        </li>
      )}
      {module.require_sequential_progress && (
        <li>
          <FormattedMessage id="modules.condition.sequential" defaultMessage="Items must be completed in order" />
        </li>
      )}
    </ul>
  );
}
