import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Course, CourseModule } from '../../../../contracts/lms-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { useChangeQueue } from '../../lib/use-change-queue.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { AddItemForm } from './AddItemForm.tsx';
import { ModuleForm } from './ModuleForm.tsx';
import { MoveButtons, neighbourPositions } from './MoveButtons.tsx';
import { PublishedCheckbox } from './PublishedCheckbox.tsx';

interface ModuleBuilderBarProps {
  course: Course;
  /** Every module of the course, in order, and this one's index among them. */
  modules: readonly CourseModule[];
  index: number;
}

/** A module's controls for course builders: `Published`, moving it, its settings, and `Add item`. */
export function ModuleBuilderBar({ course, modules, index }: ModuleBuilderBarProps) {
  const module = modules[index]!;
  const [open, setOpen] = useState<'settings' | 'add-item'>();
  const changeRequested = useAuthoringStore((s) => s.moduleChangeRequested);
  // As on items (ModuleItemControls): publishing is sent in turn, a move ignored while another is on its way.
  const changes = useChangeQueue();
  const moves = useSubmission();
  const { upTo, downTo } = neighbourPositions(modules, index);
  const toggle = (form: 'settings' | 'add-item') => setOpen((current) => (current === form ? undefined : form));
  return (
    <>
      <div className="module-builder-bar">
        <PublishedCheckbox published={module.published === true} onChange={(published) => changes.send(() => changeRequested(course.id, module.id, { published }))} />
        <MoveButtons name={module.name} upTo={upTo} downTo={downTo} onMove={(position) => moves.submit(() => changeRequested(course.id, module.id, { position }))} />
        <button type="button" aria-expanded={open === 'settings'} onClick={() => toggle('settings')}>
          <FormattedMessage id="modules.builder.settings" defaultMessage="Module settings" />
        </button>
        <button type="button" aria-expanded={open === 'add-item'} onClick={() => toggle('add-item')}>
          <FormattedMessage id="modules.builder.addItem" defaultMessage="Add item" />
        </button>
      </div>
      <FormError message={changes.error ?? moves.error} />
      {open === 'settings' && <ModuleForm course={course} module={module} earlier={modules.slice(0, index)} onDone={() => setOpen(undefined)} />}
      {open === 'add-item' && <AddItemForm courseId={course.id} module={module} onDone={() => setOpen(undefined)} />}
    </>
  );
}
