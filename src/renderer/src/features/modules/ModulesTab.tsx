import type { CourseModule } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { ModuleSection } from './ModuleSection.tsx';

export function ModulesTab({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  const modules = useResource(resources.modules(courseId));
  return (
    <Loaded value={modules} what="modules">
      {(list) =>
        list.length === 0 ? (
          <p className="muted">This course has no modules yet.</p>
        ) : (
          list.map((module) => (
            <ModuleSection key={module.id} courseId={courseId} module={module} viewer={viewer} moduleNames={namesById(list)} />
          ))
        )
      }
    </Loaded>
  );
}

function namesById(modules: CourseModule[]): ReadonlyMap<number, string> {
  return new Map(modules.map((m) => [m.id, m.name]));
}
