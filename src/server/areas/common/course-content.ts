import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError, type FieldIssue } from '../../domain/errors.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { ContentWorkflowState } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';

/**
 * Rules every kind of course content (assignments, quizzes, discussion topics, files) shares, kept in one place so
 * the areas cannot drift apart: who sees drafts, how dates are ordered and searched, how linked records are written.
 */

/** Who is looking at a course's content, and whether they may see drafts and hidden items. */
export interface ContentViewer {
  readonly principal: Principal;
  readonly courseId: number;
  /** Holders of the course's content-editing permissions see unpublished content; students get a 404 for it. */
  readonly canManage: boolean;
}

export async function contentViewer(
  services: CoreServices,
  principal: Principal,
  courseId: number,
  managePermissions: readonly PermissionName[],
): Promise<ContentViewer> {
  const canManage = await services.access.canAny(principal, managePermissions, { type: 'course', courseId });
  return { principal, courseId, canManage };
}

/** Canvas's draft state: deleted content is gone for everyone; unpublished content only for those who edit it. */
export function isVisibleContent(state: ContentWorkflowState, viewer: ContentViewer): boolean {
  return state === 'published' || (state === 'unpublished' && viewer.canManage);
}

/**
 * The record if it belongs to the viewer's course and they may see it; otherwise a 404 naming `what`, so another
 * course's id and a hidden draft answer alike.
 */
export function visibleInCourse<T extends { course_id: number; workflow_state: ContentWorkflowState }>(
  record: Stored<T> | undefined,
  viewer: ContentViewer,
  what: string,
): Stored<T> {
  if (!record || record.data.course_id !== viewer.courseId || !isVisibleContent(record.data.workflow_state, viewer)) {
    throw new NotFoundError(what);
  }
  return record;
}

/**
 * Canvas refuses a due date outside the availability window and a window that closes before it opens. Takes the
 * dates after the change, so an update that moves one date is checked against the stored others.
 */
export function dateOrderErrors(dates: { unlock_at: string | null; due_at?: string | null; lock_at: string | null }): ValidationError | undefined {
  const time = (iso: string | null | undefined) => (iso === null || iso === undefined ? undefined : Date.parse(iso));
  const [unlock, due, lock] = [time(dates.unlock_at), time(dates.due_at), time(dates.lock_at)];
  const fields: Record<string, FieldIssue[]> = {};
  if (unlock !== undefined && lock !== undefined && lock < unlock) {
    fields.lock_at = [{ type: 'must be after unlock_at', message: 'must be after unlock_at' }];
  }
  if (due !== undefined && ((unlock !== undefined && due < unlock) || (lock !== undefined && due > lock))) {
    fields.due_at = [{ type: 'must be between availability dates', message: 'must be between availability dates' }];
  }
  return Object.keys(fields).length > 0 ? new ValidationError(fields) : undefined;
}

/** Case-insensitive substring match, as Canvas's `search_term` on content lists. */
export function matchesSearch(text: string, term: string | undefined): boolean {
  return term === undefined || term === '' || text.toLowerCase().includes(term.toLowerCase());
}
