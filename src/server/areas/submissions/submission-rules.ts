import type { CoreServices } from '../../core-services.ts';
import { allowIf } from '../../http/permission-rules.ts';
import { isAssignedReviewer } from '../peer-reviews/reviewer-access.ts';
import { MANAGE_GRADES, VIEW_GRADES, type ScopeParams, type SubmissionScopes } from './submission-scope.ts';

type StudentParams = ScopeParams & { user_id: string; assignment_id?: number };

/**
 * The permission rules of submission routes (docs/canvas-compatibility.md §5.7). Each resolves the course or section first,
 * so an unknown one is a 404 and a forbidden one a 401 `unauthorized`.
 */
export function submissionRules(services: CoreServices, scopes: SubmissionScopes) {
  return {
    /** Submitting needs an active student enrollment in the course (or the path's section). */
    student: allowIf('an active student enrollment in the course or section', async (ctx, p: ScopeParams) =>
      scopes.isActiveStudent(ctx.principal, await scopes.resolve(p)),
    ),

    /** Graders see every student in reach; students their own, observers their linked students'. */
    seesSubmissions: allowIf('view_all_grades or manage_grades, or a student or observer (own or linked students only)', async (ctx, p: ScopeParams) => {
      const scope = await scopes.resolve(p);
      if (await scopes.canInScope(ctx.principal, VIEW_GRADES, scope)) return true;
      const visible = await services.access.visibleStudents(ctx.principal, scope.courseId);
      return visible === 'all' || visible.size > 0;
    }),

    /**
     * One student's submission: a non-student `:user_id` is a 404, a student out of reach a 401. A student
     * assigned to review it reaches it too (docs/canvas-compatibility.md §7).
     */
    seesStudent: allowIf('the student, their observer, a grader who reaches them, or its assigned peer reviewer', async (ctx, p: StudentParams) => {
      const scope = await scopes.resolve(p);
      const student = await scopes.student(p.user_id, ctx.principal, scope);
      const visible = await services.access.visibleStudents(ctx.principal, scope.courseId);
      if (visible === 'all' || visible.has(student.id)) return true;
      return p.assignment_id !== undefined && isAssignedReviewer(services.repos, p.assignment_id, student.id, ctx.principal.userId);
    }),

    viewGrades: allowIf('view_all_grades or manage_grades in the course or section', async (ctx, p: ScopeParams) =>
      scopes.canInScope(ctx.principal, VIEW_GRADES, await scopes.resolve(p)),
    ),

    manageGrades: allowIf('manage_grades in the course or section', async (ctx, p: ScopeParams) =>
      scopes.canInScope(ctx.principal, MANAGE_GRADES, await scopes.resolve(p)),
    ),
  };
}

export type SubmissionRules = ReturnType<typeof submissionRules>;
