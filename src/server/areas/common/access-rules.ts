import type { CoreServices } from '../../core-services.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import { allowIf } from '../../http/permission-rules.ts';
import type { PermissionRule } from '../../http/route.ts';
import { IdResolver } from './id-lookup.ts';

type IdOf<P> = (params: P) => string;

/**
 * Permission rules areas declare on their routes, all answered by the one policy (domain/access.ts). A rule
 * resolves the context's id itself (404 when it does not exist) before asking, so a missing course is a 404 and
 * an existing one the caller may not touch is a 401 `unauthorized`.
 */
export function accessRules(services: CoreServices) {
  const ids = new IdResolver(services);
  const { access } = services;
  return {
    ids,

    /** Any of the permissions in the course (course roles, or admin rights along its account chain). */
    inCourse<P>(permissions: readonly PermissionName[], courseIdOf: IdOf<P>): PermissionRule<P> {
      return allowIf(`${permissions.join(' or ')} in the course`, async (ctx, params) => {
        const courseId = await ids.courseId(courseIdOf(params));
        return access.canAny(ctx.principal, permissions, { type: 'course', courseId });
      });
    },

    /** Canvas's course `:read`: enrolled (active, invited or concluded), or an admin who may read its content. */
    readCourse<P>(courseIdOf: IdOf<P>): PermissionRule<P> {
      return allowIf('enrolled in the course, or read_course_content on its account', async (ctx, params) =>
        access.canReadCourse(ctx.principal, await ids.courseId(courseIdOf(params))),
      );
    },

    /** Any of the permissions at the account (admin memberships along the account chain). */
    onAccount<P>(permissions: readonly PermissionName[], accountIdOf: IdOf<P>): PermissionRule<P> {
      return allowIf(`${permissions.join(' or ')} on the account`, async (ctx, params) => {
        const accountId = await ids.accountId(accountIdOf(params));
        return access.canAny(ctx.principal, permissions, { type: 'account', accountId });
      });
    },

    /** The user themself, or an admin holding one of the permissions on the installation's root account. */
    selfOrAdmin<P>(permissions: readonly PermissionName[], userIdOf: IdOf<P>): PermissionRule<P> {
      return allowIf(`the user themself, or ${permissions.join(' or ')} on the root account`, async (ctx, params) => {
        const userId = await ids.userId(userIdOf(params), ctx.principal);
        if (userId === ctx.principal.userId) return true;
        return access.canAny(ctx.principal, permissions, { type: 'account', accountId: services.installation.root_account_id });
      });
    },
  };
}

export type AccessRules = ReturnType<typeof accessRules>;
