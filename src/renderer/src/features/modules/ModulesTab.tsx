import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Course, CourseModule } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { ModuleForm, newModuleMessage } from './ModuleForm.tsx';
import { ModuleSection } from './ModuleSection.tsx';
import { StudentView, studentViewMessage } from './StudentView.tsx';

export function ModulesTab({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const intl = useIntl();
  const modules = useResource(resources.modules(course.id));
  const [creating, setCreating] = useState(false);
  // Student view: off (undefined), on for the first student (null), or on for a chosen one.
  const [previewing, setPreviewing] = useState<number | null>();
  if (viewer.canManage && previewing !== undefined) {
    return <StudentView course={course} studentId={previewing ?? undefined} onStudentChosen={setPreviewing} onLeave={() => setPreviewing(undefined)} />;
  }
  return (
    <Loaded value={modules} what={intl.formatMessage({ id: 'modules.what', defaultMessage: 'modules', description: 'Fills {what} in “Loading {what}…”.' })}>
      {(list) => (
        <>
          {viewer.canManage &&
            (creating ? (
              <ModuleForm course={course} earlier={list} onDone={() => setCreating(false)} />
            ) : (
              <p className="button-row">
                <button type="button" onClick={() => setCreating(true)}>
                  <FormattedMessage {...newModuleMessage} />
                </button>
                <button type="button" onClick={() => setPreviewing(null)}>
                  <FormattedMessage {...studentViewMessage} />
                </button>
              </p>
            ))}
          {list.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="modules.none" defaultMessage="This course has no modules yet." />
            </p>
          ) : (
            list.map((module, index) => (
              <ModuleSection key={module.id} course={course} modules={list} index={index} viewer={viewer} moduleNames={namesById(list)} />
            ))
          )}
        </>
      )}
    </Loaded>
  );
}

function namesById(modules: readonly CourseModule[]): ReadonlyMap<number, string> {
  return new Map(modules.map((m) => [m.id, m.name]));
}
