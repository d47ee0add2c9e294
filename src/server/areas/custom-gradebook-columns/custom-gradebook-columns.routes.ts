import type { CoreServices } from '../../core-services.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { ColumnDataService } from './column-data.service.ts';
import { CustomColumnsService } from './custom-columns.service.ts';
import { progressJson } from '../progress/progress.serializer.ts';
import {
  bulkDatumParams,
  columnIdParams,
  createColumnParams,
  listColumnsParams,
  listDataParams,
  reorderParams,
  updateColumnParams,
  updateDatumParams,
} from './custom-gradebook-columns.params.ts';
import { columnDatumJson, customColumnJson } from './custom-gradebook-columns.serializer.ts';

/**
 * Canvas lets either grading right read *and* manage columns. Outpost keeps reads on either but writes on
 * manage_grades alone: a role given view_all_grades without manage_grades is meant to look, not to edit notes.
 */
const READ_COLUMNS: readonly PermissionName[] = ['view_all_grades', 'manage_grades'];
const WRITE_COLUMNS: readonly PermissionName[] = ['manage_grades'];

export function customGradebookColumnsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const columns = new CustomColumnsService(services);
  const data = new ColumnDataService(services, columns);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/custom_gradebook_columns',
      summary: 'List custom gradebook columns by position (hidden ones with include_hidden)',
      params: listColumnsParams,
      permission: rules.inCourse('read', READ_COLUMNS, courseIdOf),
      handler: async (ctx, p, { courseId }) => paginateArray(ctx, (await columns.list(courseId, p.include_hidden)).map(customColumnJson)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/custom_gradebook_columns',
      summary: 'Create a custom gradebook column (last, unless column[position] inserts it)',
      params: createColumnParams,
      permission: rules.inCourse('write', WRITE_COLUMNS, courseIdOf),
      handler: async (ctx, p, { courseId }) => ({ body: customColumnJson(await columns.create(courseId, p.column, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/custom_gradebook_columns/reorder',
      summary: 'Put the listed columns first, in the given order; answers {} (a Canvas quirk clients expect)',
      params: reorderParams,
      permission: rules.inCourse('write', WRITE_COLUMNS, courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        await columns.reorder(courseId, p.order, writeStamp(ctx));
        return { body: {} };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/custom_gradebook_columns/:id',
      summary: 'Update a custom gradebook column (hidden ones too)',
      params: updateColumnParams,
      permission: rules.inCourse('write', WRITE_COLUMNS, courseIdOf),
      handler: async (ctx, p, { courseId }) => ({ body: customColumnJson(await columns.update(courseId, p.id, p.column, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/courses/:course_id/custom_gradebook_columns/:id',
      summary: 'Delete a custom gradebook column and its data; returns it (positions are not renumbered)',
      params: columnIdParams,
      permission: rules.inCourse('write', WRITE_COLUMNS, courseIdOf),
      handler: async (ctx, p, { courseId }) => ({ body: customColumnJson(await columns.delete(courseId, p.id, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/custom_gradebook_columns/:id/data',
      summary: "List a column's entries of the students the caller may see (students without one are left out)",
      params: listDataParams,
      permission: rules.inCourse('read', READ_COLUMNS, courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        const entries = await data.list(ctx.principal, courseId, p.id, p.include_hidden);
        return paginateArray(ctx, entries.map((d) => columnDatumJson(d.data)));
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/custom_gradebook_columns/:id/data/:user_id',
      summary: "Set a student's entry in a column; blank content deletes it",
      params: updateDatumParams,
      permission: rules.inCourse('write', WRITE_COLUMNS, courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        return { body: columnDatumJson(await data.set(ctx.principal, courseId, p.id, p.user_id, p.column_data?.content, writeStamp(ctx))) };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/custom_gradebook_column_data',
      summary: 'Set many students’ entries in many columns (column_data[][column_id|user_id|content]); answers a Progress',
      params: bulkDatumParams,
      permission: rules.inCourse('write', WRITE_COLUMNS, courseIdOf),
      handler: async (ctx, p, { courseId }) => ({ body: progressJson(await data.bulkSet(ctx.principal, courseId, p.column_data, writeStamp(ctx)), ctx.baseUrl) }),
    }),
  ];
}
