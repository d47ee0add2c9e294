import type { CoreServices } from '../../core-services.ts';
import { InvalidError } from '../../domain/errors.ts';
import { allowIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import { delegationParams } from './classroom.params.ts';

/**
 * The school hub's end of classroom hubs (decisions 0125, 0126): a device token of a teacher asks for the right to
 * have its class's entries performed as the students, and receives their verifiers. Only a device token, never a
 * browser session or a masquerade: the delegation lives and dies with that token.
 */
export function classroomDelegationRoutes(services: CoreServices): AnyRoute[] {
  const { delegations } = services.sync;
  const deviceToken = allowIf('an access token (not a session, not masquerading); the user must teach an active course', 'write', (ctx) =>
    ctx.principal.sessionId === undefined && ctx.principal.realUserId === undefined,
  );
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/sync/classroom_delegation',
      summary: "Grants or refreshes this token's classroom delegation: its user's active courses and their students' verifiers",
      params: delegationParams,
      permission: deviceToken,
      localOnly: true,
      async handler(ctx) {
        const delegation = await delegations.grant(ctx.principal, writeStamp(ctx));
        if (!delegation) throw new InvalidError('You teach no active course, so there is no class to act for.');
        return { body: delegation };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/sync/classroom_delegation',
      summary: "Ends this token's classroom delegation",
      params: delegationParams,
      permission: deviceToken,
      localOnly: true,
      async handler(ctx) {
        await delegations.revoke(ctx.principal);
        return { status: 204, body: null };
      },
    }),
  ];
}
