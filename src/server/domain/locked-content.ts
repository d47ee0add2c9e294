import type { AssignmentData } from './records/content-records.ts';
import type { WikiPageData } from './records/page-records.ts';

/**
 * What a reader keeps of locked content: one answer the REST serializers (through `content-visibility.ts`) and the
 * sync pull (through the types' declarations) share. Kept apart from the lock computation, which reads
 * repositories, so that the declarations repositories are built from do not depend on it.
 */

/** A locked page keeps its title and settings; its body is withheld (Canvas shows no body while locked). */
export function lockedPage(data: WikiPageData): WikiPageData {
  return { ...data, body: null };
}

/** A locked assignment keeps its name, dates and points; its description is withheld, like a locked page's body. */
export function lockedAssignment(data: AssignmentData): AssignmentData {
  return { ...data, description: null };
}
