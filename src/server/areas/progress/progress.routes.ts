import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import type { PermissionContext } from '../../domain/permissions/index.ts';
import { canvasId } from '../../http/params/canvas-params.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { progressJson } from './progress.serializer.ts';
import { ProgressService } from './progress.service.ts';

const showProgressParams = z.object({ id: canvasId() });

export function progressRoutes(services: CoreServices): AnyRoute[] {
  const progress = new ProgressService(services);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/progress/:id',
      summary: 'Status of an asynchronous job',
      params: showProgressParams,
      // The job's own user, or an admin over its context (the root account when the context is not a course or account).
      permission: scopedRule('the progress owner, or manage_courses over its context', 'read', async (ctx, p: { id: number }) => {
        const record = await progress.get(p.id);
        if (record.data.user_id === ctx.principal.userId) return record;
        const { context_type: type, context_id: id } = record.data;
        const context: PermissionContext =
          type === 'Course'
            ? { type: 'course', courseId: id }
            : { type: 'account', accountId: type === 'Account' ? id : services.installation.root_account_id };
        return scopeIf(await services.access.canAny(ctx.principal, ['manage_courses'], context), record);
      }),
      handler: (ctx, _p, record) => ({ body: progressJson(record, ctx.baseUrl) }),
    }),
  ];
}
