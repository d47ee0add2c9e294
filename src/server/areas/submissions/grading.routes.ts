import type { CoreServices } from '../../core-services.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { paginateArray, paginateMapped } from '../../http/pagination.ts';
import type { AnyRoute } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import type { IdResolver } from '../common/id-lookup.ts';
import { isAssignedReviewer, seesOnlyAsReviewer, withoutGrade } from '../peer-reviews/reviewer-access.ts';
import { progressJson } from '../progress/progress.serializer.ts';
import { asksToGrade, type GradeRequest } from './grade-change.ts';
import { GradingService } from './grading.service.ts';
import { SubmissionLists } from './submission-lists.ts';
import type { SubmissionReader } from './submission-reader.ts';
import type { StudentScope, SubmissionRules } from './submission-rules.ts';
import { onPaths } from './submission-routing.ts';
import type { SubmissionScopes } from './submission-scope.ts';
import {
  assignmentScopedParams,
  gradeSubmissionParams,
  multiGradeableParams,
  readParams,
  studentSubmissionsParams,
  updateGradesParams,
  type GradeSubmissionParams,
} from './submissions.params.ts';
import { userDisplayJson } from './submissions.serializer.ts';
import type { SubmissionsService } from './submissions.service.ts';

interface Parts {
  scopes: SubmissionScopes;
  allow: SubmissionRules;
  submissions: SubmissionsService;
  reader: SubmissionReader;
  ids: IdResolver;
}

const requestOf = (p: GradeSubmissionParams): GradeRequest => ({ ...p.comment, ...p.submission, rubric_assessment: p.rubric_assessment });

/** Grading, commenting, bulk grading, gradeable students, summaries and read marks. */
export function gradingRoutes(services: CoreServices, { scopes, allow, submissions, reader, ids }: Parts): AnyRoute[] {
  const grading = GradingService.of(services, submissions.store, scopes);
  const lists = new SubmissionLists(services, submissions.store, scopes, ids);

  const gradesOrComments = scopedRule(
    'submission[...] or rubric_assessment: manage_grades reaching the student; a comment alone: the student, a grader or commenter reaching them, or its assigned peer reviewer',
    'write',
    async (ctx, p: GradeSubmissionParams) => {
      const scope = await scopes.resolve(p);
      const student = await scopes.student(p.user_id, ctx.principal, scope);
      const grades = asksToGrade(requestOf(p));
      const allowed =
        (await grading.mayChange(ctx.principal, scope.courseId, student.id, grades)) ||
        (!grades && (await isAssignedReviewer(services.repos, p.assignment_id, student.id, ctx.principal.userId)));
      return scopeIf(allowed, { scope, student } satisfies StudentScope);
    },
  );

  return [
    ...onPaths(['/api/v1/courses/:course_id/assignments/:assignment_id/submissions/:user_id', '/api/v1/sections/:section_id/assignments/:assignment_id/submissions/:user_id'], {
      method: 'PUT',
      summary: 'Grade (posted_grade, excuse, late_policy_status) or comment on a submission',
      params: gradeSubmissionParams,
      permission: gradesOrComments,
      handler: async (ctx, p, { scope, student }) => {
        const viewer = await submissions.viewer(ctx.principal, scope.courseId);
        const assignment = await submissions.assignment(viewer, p.assignment_id);
        const checked = await grading.check(ctx.principal, assignment, student, requestOf(p));
        const saved = await grading.apply(assignment, student.id, checked, writeStamp(ctx));
        const [shown] = await reader.json([saved], new Map([[assignment.id, assignment]]), { ...ctx, viewer, include: p.include }, ['submission_comments']);
        // A peer reviewer comments on work whose grade they may not see.
        const json = (await seesOnlyAsReviewer(services, ctx.principal, scope.courseId, assignment.id, student.id)) ? withoutGrade(shown!) : shown;
        return { body: { ...json, all_submissions: [json] } };
      },
    }),
    ...onPaths(
      [
        '/api/v1/courses/:course_id/submissions/update_grades',
        '/api/v1/sections/:section_id/submissions/update_grades',
        '/api/v1/courses/:course_id/assignments/:assignment_id/submissions/update_grades',
        '/api/v1/sections/:section_id/assignments/:assignment_id/submissions/update_grades',
      ],
      {
        method: 'POST',
        summary: 'Grade many students at once (grade_data[<student_id>][…], or grade_data[<assignment_id>][<student_id>][…] on course paths); answers a Progress (tag submissions_update) to poll',
        params: updateGradesParams,
        permission: allow.manageGrades,
        bodyLimit: 'bulk',
        handler: async (ctx, p, scope) => {
          const viewer = await submissions.viewer(ctx.principal, scope.courseId);
          const { entries, unknown } = await grading.checkBulk(ctx.principal, scope, p, (id) => submissions.assignment(viewer, id));
          return { body: progressJson(await grading.startBulk(scope, entries, unknown, writeStamp(ctx)), ctx.baseUrl) };
        },
      },
    ),
    ...onPaths(['/api/v1/courses/:course_id/assignments/:assignment_id/gradeable_students'], {
      method: 'GET',
      summary: 'Students whose work the caller may grade for an assignment (UserDisplay), by id',
      params: assignmentScopedParams,
      permission: allow.viewGrades,
      handler: async (ctx, p, scope) => {
        await submissions.assignment(await submissions.viewer(ctx.principal, scope.courseId), p.assignment_id);
        const users = await lists.gradeableUsers(ctx.principal, scope);
        return paginateArray(ctx, users.map((u) => userDisplayJson(u.user, u.id, scope.courseId, ctx.baseUrl)));
      },
    }),
    ...onPaths(['/api/v1/courses/:course_id/assignments/gradeable_students'], {
      method: 'GET',
      summary: 'Gradeable students of several assignments (UserDisplay with assignment_ids), by id',
      params: multiGradeableParams,
      permission: allow.viewGrades,
      handler: async (ctx, p, scope) => {
        const viewer = await submissions.viewer(ctx.principal, scope.courseId);
        const assignmentIds = (await lists.publishedAssignments(viewer, p.assignment_ids)).map((a) => a.id);
        const users = await lists.gradeableUsers(ctx.principal, scope);
        return paginateArray(ctx, users.map((u) => ({ ...userDisplayJson(u.user, u.id, scope.courseId, ctx.baseUrl), assignment_ids: assignmentIds })));
      },
    }),
    ...onPaths(['/api/v1/courses/:course_id/assignments/:assignment_id/submission_summary', '/api/v1/sections/:section_id/assignments/:assignment_id/submission_summary'], {
      method: 'GET',
      summary: 'Counts of graded, ungraded and not submitted work over the gradeable students',
      params: assignmentScopedParams,
      permission: allow.viewGrades,
      handler: async (ctx, p, scope) => {
        const assignment = await submissions.assignment(await submissions.viewer(ctx.principal, scope.courseId), p.assignment_id);
        return { body: await lists.summary(ctx.principal, scope, assignment, writeStamp(ctx)) };
      },
    }),
    ...(['PUT', 'DELETE'] as const).flatMap((method) =>
      onPaths(['/api/v1/courses/:course_id/assignments/:assignment_id/submissions/:user_id/read', '/api/v1/sections/:section_id/assignments/:assignment_id/submissions/:user_id/read'], {
        method,
        summary: method === 'PUT' ? 'Mark a submission read for the caller (204)' : 'Mark a submission unread for the caller (204)',
        params: readParams,
        // `own`: the read mark is the caller's own.
        permission: allow.seesStudent('own'),
        handler: async (ctx, p, { scope, student }) => {
          const assignment = await submissions.assignment(await submissions.viewer(ctx.principal, scope.courseId), p.assignment_id);
          const record = await submissions.one(assignment, student.id, writeStamp(ctx));
          await lists.mark(record, ctx.principal.userId, method === 'PUT', writeStamp(ctx));
          return { status: 204, body: null };
        },
      }),
    ),
    ...onPaths(['/api/v1/courses/:course_id/students/submissions', '/api/v1/sections/:section_id/students/submissions'], {
      method: 'GET',
      summary: 'Submissions of several students across published assignments (students: their own; observers: linked students’)',
      params: studentSubmissionsParams,
      permission: allow.seesSubmissions,
      handler: async (ctx, p, scope) => {
        const viewer = await submissions.viewer(ctx.principal, scope.courseId);
        const { studentIds, assignments, records } = await lists.forStudents(viewer, scope, p, writeStamp(ctx));
        const byId = new Map(assignments.map((a) => [a.id, a]));
        const include = p.include.filter((i) => i !== 'total_scores');
        const request = { ...ctx, viewer, include, fields: p.response_fields };
        const shown = (page: readonly (typeof records)[number][]) => reader.json(page, byId, request);
        if (!p.grouped) return paginateMapped(ctx, records, shown);
        // Grouped output is one unpaginated array, a student per entry (docs/canvas-compatibility.md §8.6). Entries
        // are matched by the records' user ids, since `response_fields[]` may leave `user_id` out of the JSON.
        const json = await shown(records);
        const byStudent = new Map<number, Record<string, unknown>[]>(studentIds.map((id) => [id, []]));
        records.forEach((record, i) => byStudent.get(record.data.user_id)?.push(json[i]!));
        const about = await lists.groupedStudents(ctx.principal, scope, studentIds, p.include.includes('total_scores'));
        return { body: studentIds.map((id) => ({ user_id: id, ...about.get(id), submissions: byStudent.get(id) })) };
      },
    }),
  ];
}
