import { currentIntl } from '../../i18n/current-intl.ts';
import type { GraderStudent } from './student-order.ts';

/**
 * How the grader names a comment's or review's author: a student as the student list names them (so an anonymous
 * assignment shows no student's name, not even a peer reviewer's), anyone else by their own name.
 */
export function authorName(authorId: number, ownName: string | undefined, order: readonly GraderStudent[]): string {
  return order.find((s) => s.id === authorId)?.label ?? ownName ?? currentIntl().formatMessage({ id: 'grader.someone', defaultMessage: 'Someone', description: 'An author whose name is not known.' });
}
