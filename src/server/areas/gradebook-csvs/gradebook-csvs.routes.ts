import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { exportFileJson } from '../export-files/export-files.serializer.ts';
import { courseIdParam } from '../modules/modules.params.ts';
import { progressJson } from '../progress/progress.serializer.ts';
import { SubmissionScopes, VIEW_GRADES } from '../submissions/submission-scope.ts';
import { GradebookCsvService } from './gradebook-csvs.service.ts';

const startParams = z.object({ course_id: courseIdParam });

export function gradebookCsvsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const csvs = new GradebookCsvService(services, new SubmissionScopes(services, rules.ids));
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/gradebook_csvs',
      summary:
        'Export the gradebook as Canvas’s CSV: answers {attachment_id, progress_id, filename} (and the attachment and Progress JSON); the file downloads from the attachment’s url once the Progress completes',
      params: startParams,
      // Canvas: manage_grades or view_all_grades. The file is the caller's own, never a course record.
      permission: rules.inCourse('write', VIEW_GRADES, courseIdOf),
      // The export is this installation's file for this person: a device's hub has no use for it.
      localOnly: true,
      handler: async (ctx, _p, { courseId }) => {
        const { file, progress } = await csvs.start(ctx.principal, courseId, writeStamp(ctx));
        return {
          body: {
            attachment_id: file.id,
            progress_id: progress.id,
            filename: file.data.filename,
            attachment: exportFileJson(file, ctx.baseUrl),
            progress: progressJson(progress, ctx.baseUrl),
          },
        };
      },
    }),
  ];
}
