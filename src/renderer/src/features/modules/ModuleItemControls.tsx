import type { ModuleItem, ModuleItemWrite } from '../../../../contracts/lms-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { useChangeQueue } from '../../lib/use-change-queue.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { MoveButtons } from './MoveButtons.tsx';
import { PublishedCheckbox } from './PublishedCheckbox.tsx';
import { RequirementSelect } from './RequirementSelect.tsx';

interface ModuleItemControlsProps {
  courseId: number;
  item: ModuleItem;
  /** The neighbours' positions in the module, for MoveButtons. */
  upTo: number | undefined;
  downTo: number | undefined;
}

/** What a course builder changes on an item in place: published (with its content), requirement, position. */
export function ModuleItemControls({ courseId, item, upTo, downTo }: ModuleItemControlsProps) {
  const changeRequested = useAuthoringStore((s) => s.itemChangeRequested);
  // Published and requirement are sent in turn, none dropped; a move is computed from the positions on screen, so a
  // second press while one is on its way is ignored rather than sent against positions that are about to change.
  const changes = useChangeQueue();
  const moves = useSubmission();
  const change = (write: ModuleItemWrite) => changes.send(() => changeRequested(courseId, item.module_id, item.id, write));
  const titleId = `module-item-${item.id}-title`;
  return (
    <div className="module-item-controls">
      {item.type !== 'SubHeader' && (
        <PublishedCheckbox published={item.published === true} describedBy={titleId} onChange={(published) => change({ published })} />
      )}
      <RequirementSelect item={item} describedBy={titleId} onChange={(write) => void change(write)} />
      <MoveButtons name={item.title} upTo={upTo} downTo={downTo} onMove={(position) => moves.submit(() => changeRequested(courseId, item.module_id, item.id, { position }))} />
      <FormError message={changes.error ?? moves.error} />
    </div>
  );
}
