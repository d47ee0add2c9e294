import type { CoreServices } from '../../core-services.ts';
import { allowIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import { createErrorReportParams } from './error-reports.params.ts';
import { loggedJson } from './error-reports.serializer.ts';
import { ErrorReportsService } from './error-reports.service.ts';

export function errorReportsRoutes(services: CoreServices): AnyRoute[] {
  const reports = new ErrorReportsService(services);
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/error_reports',
      summary: 'File a problem report (any signed-in user); answers {"logged":true,"id":…}',
      params: createErrorReportParams,
      // Canvas takes reports without a login; Outpost asks for a token like every route but the health check.
      permission: allowIf('any valid access token, filing their own report', 'own', () => true),
      handler: async (ctx, p) => {
        const honeypot = p.error?.username;
        // A bot filled the hidden field: refused with nothing to learn from (Canvas sends an empty 400).
        if (honeypot !== undefined && honeypot !== null && honeypot !== '') return { status: 400, body: {} };
        const request = {
          method: 'POST',
          path: ctx.path,
          baseUrl: ctx.baseUrl,
          requestId: ctx.requestId,
          userAgent: ctx.headers['user-agent']?.slice(0, 512),
          referer: ctx.headers.referer?.slice(0, 2048),
        };
        return { body: loggedJson(await reports.create(p.error, request, writeStamp(ctx))) };
      },
    }),
  ];
}
