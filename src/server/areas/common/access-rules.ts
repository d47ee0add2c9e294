import type { CoreServices } from '../../core-services.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import type { AccountData } from '../../domain/records/directory-records.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import type { Grant, PermissionRule } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import { AccountsService } from '../accounts/accounts.service.ts';
import { IdResolver } from './id-lookup.ts';

type IdOf<P> = (params: P) => string;

/** The course a course route names, resolved by its rule (sis ids included); handlers act on it. */
export interface CourseScope {
  readonly courseId: number;
}

/** The account an account route names, resolved by its rule; deleted accounts are a 404. */
export interface AccountScope {
  readonly account: Stored<AccountData>;
}

/**
 * Permission rules areas declare on their routes, all answered by the one policy (domain/access.ts). A rule
 * resolves the context's id itself (404 when it does not exist) before asking, so a missing course is a 404 and
 * an existing one the caller may not touch is a 401 `unauthorized`; the handler gets the resolved context.
 */
export function accessRules(services: CoreServices) {
  const ids = new IdResolver(services);
  const { access } = services;
  const accounts = new AccountsService(services);
  const readCourseAs = <P>(grants: Grant, description: string, courseIdOf: IdOf<P>): PermissionRule<P, CourseScope> =>
    scopedRule(description, grants, async (ctx, params: P) => {
      const courseId = await ids.courseId(courseIdOf(params));
      return scopeIf(await access.canReadCourse(ctx.principal, courseId), { courseId });
    });

  return {
    ids,

    /** Any of the permissions in the course (course roles, or admin rights along its account chain). */
    inCourse<P>(grants: Grant, permissions: readonly PermissionName[], courseIdOf: IdOf<P>): PermissionRule<P, CourseScope> {
      return scopedRule(`${permissions.join(' or ')} in the course`, grants, async (ctx, params: P) => {
        const courseId = await ids.courseId(courseIdOf(params));
        return scopeIf(await access.canAny(ctx.principal, permissions, { type: 'course', courseId }), { courseId });
      });
    },

    /** Canvas's course `:read`: enrolled (active, invited or concluded), or an admin who may read its content. */
    readCourse<P>(courseIdOf: IdOf<P>): PermissionRule<P, CourseScope> {
      return readCourseAs('read', 'enrolled in the course, or read_course_content on its account', courseIdOf);
    },

    /**
     * A course reader changing only their own records in it (Canvas lets students mark items done or choose a
     * mastery path): the handler writes under the caller's (or their visible student's) id alone.
     */
    ownWorkInCourse<P>(courseIdOf: IdOf<P>): PermissionRule<P, CourseScope> {
      return readCourseAs('own', 'enrolled in the course, or read_course_content on its account; changes only their own progress', courseIdOf);
    },

    /** Any of the permissions at the account (admin memberships along the account chain). */
    onAccount<P>(grants: Grant, permissions: readonly PermissionName[], accountIdOf: IdOf<P>): PermissionRule<P, AccountScope> {
      return scopedRule(`${permissions.join(' or ')} on the account`, grants, async (ctx, params: P) => {
        const account = await accounts.resolve(accountIdOf(params));
        return scopeIf(await access.canAny(ctx.principal, permissions, { type: 'account', accountId: account.id }), { account });
      });
    },
  };
}

export type AccessRules = ReturnType<typeof accessRules>;
