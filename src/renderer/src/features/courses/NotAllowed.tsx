import type { Course } from '../../../../contracts/lms-dtos.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';

/** A form only those who build the course may use, reached by someone else (an old link, a typed address). */
export function NotAllowed({ course, what }: { course: Course; what: string }) {
  useDocumentTitle('Not allowed', course.name);
  return <p>Only the course's teachers and designers change its {what}.</p>;
}
