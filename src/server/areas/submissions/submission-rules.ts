import type { CoreServices } from '../../core-services.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import type { AuthenticatedContext, Grant } from '../../http/route.ts';
import { isAssignedReviewer } from '../peer-reviews/reviewer-access.ts';
import { MANAGE_GRADES, VIEW_GRADES, type ScopeParams, type SubmissionScope, type SubmissionScopes } from './submission-scope.ts';

type StudentParams = ScopeParams & { user_id: string; assignment_id?: number };

/** A submission path's scope plus the student its `:user_id` names (a student of the scope). */
export interface StudentScope {
  readonly scope: SubmissionScope;
  readonly student: { id: number; active: boolean };
}

/**
 * The permission rules of submission routes (docs/canvas-compatibility.md §5.7). Each resolves the course or section first,
 * so an unknown one is a 404 and a forbidden one a 401 `unauthorized`; the handler gets the resolved scope.
 */
export function submissionRules(services: CoreServices, scopes: SubmissionScopes) {
  const inScope = (description: string, grants: Grant, check: (ctx: AuthenticatedContext, scope: SubmissionScope) => Promise<boolean>) =>
    scopedRule(description, grants, async (ctx, p: ScopeParams) => {
      const scope = await scopes.resolve(p);
      return scopeIf(await check(ctx, scope), scope);
    });

  return {
    /** Submitting needs an active student enrollment in the course (or the path's section); `own`: their own work. */
    student: inScope('an active student enrollment in the course or section', 'own', (ctx, scope) => scopes.isActiveStudent(ctx.principal, scope)),

    /** Graders see every student in reach; students their own, observers their linked students'. */
    seesSubmissions: inScope('view_all_grades or manage_grades, or a student or observer (own or linked students only)', 'read', async (ctx, scope) => {
      if (await scopes.canInScope(ctx.principal, VIEW_GRADES, scope)) return true;
      const visible = await services.access.visibleStudents(ctx.principal, scope.courseId);
      return visible === 'all' || visible.size > 0;
    }),

    /**
     * One student's submission: a non-student `:user_id` is a 404, a student out of reach a 401. A student
     * assigned to review it reaches it too (docs/canvas-compatibility.md §7). `own` for the caller's read marks on it.
     */
    seesStudent: (grants: Grant) =>
      scopedRule('the student, their observer, a grader who reaches them, or its assigned peer reviewer', grants, async (ctx, p: StudentParams) => {
        const scope = await scopes.resolve(p);
        const student = await scopes.student(p.user_id, ctx.principal, scope);
        const visible = await services.access.visibleStudents(ctx.principal, scope.courseId);
        const reaches =
          visible === 'all' || visible.has(student.id) || (p.assignment_id !== undefined && (await isAssignedReviewer(services.repos, p.assignment_id, student.id, ctx.principal.userId)));
        return scopeIf(reaches, { scope, student } satisfies StudentScope);
      }),

    viewGrades: inScope('view_all_grades or manage_grades in the course or section', 'read', (ctx, scope) => scopes.canInScope(ctx.principal, VIEW_GRADES, scope)),

    manageGrades: inScope('manage_grades in the course or section', 'write', (ctx, scope) => scopes.canInScope(ctx.principal, MANAGE_GRADES, scope)),
  };
}

export type SubmissionRules = ReturnType<typeof submissionRules>;
