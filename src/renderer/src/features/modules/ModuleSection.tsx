import type { Course, CourseModule, ModuleState } from '../../../../contracts/lms-dtos.ts';
import { Badge, type BadgeTone } from '../../components/Badge.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { FormError } from '../../components/FormError.tsx';
import { dragReorderProps } from '../../lib/drag-reorder.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { ModuleBuilderBar } from './ModuleBuilderBar.tsx';
import { ModuleItemRow } from './ModuleItemRow.tsx';
import { neighbourPositions } from './MoveButtons.tsx';

interface ModuleSectionProps {
  course: Course;
  /** Every module of the course, in order, and this one's index among them. */
  modules: readonly CourseModule[];
  index: number;
  viewer: CourseViewer;
  moduleNames: ReadonlyMap<number, string>;
}

const STATE_BADGES: Record<ModuleState, { tone: BadgeTone; label: string }> = {
  locked: { tone: 'locked', label: 'Locked' },
  unlocked: { tone: 'neutral', label: 'Not started' },
  started: { tone: 'warn', label: 'In progress' },
  completed: { tone: 'good', label: 'Completed' },
};

export function ModuleSection({ course, modules, index, viewer, moduleNames }: ModuleSectionProps) {
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
        <h2 id={headingId}>{module.name}</h2>
        {stateBadge && <Badge tone={stateBadge.tone}>{stateBadge.label}</Badge>}
      </header>
      {viewer.canManage && <ModuleBuilderBar course={course} modules={modules} index={index} />}
      <FormError message={dropError} />
      <ModuleConditions module={module} moduleNames={moduleNames} />
      {items.length === 0 ? (
        <p className="muted">No items.</p>
      ) : (
        <ul className="module-items" aria-label={`Items in ${module.name}`}>
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
  const unlockAt = formatDateTime(module.unlock_at);
  const prerequisites = module.prerequisite_module_ids.map((id) => moduleNames.get(id) ?? `module ${id}`);
  if (!unlockAt && prerequisites.length === 0 && !module.require_sequential_progress) return null;
  return (
    <ul className="module-conditions muted">
      {unlockAt && <li>Unlocks {unlockAt}</li>}
      {prerequisites.length > 0 && <li>Prerequisites: complete {prerequisites.join(', ')} first</li>}
      {module.require_sequential_progress && <li>Items must be completed in order</li>}
    </ul>
  );
}
