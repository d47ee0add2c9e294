import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { paginateArray } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { routeWriterFor } from './content-migrations-routing.ts';
import { createMigrationParams, issueParams, issuesParams, listMigrationsParams, migrationParams, selectiveDataParams, selectMigrationParams, uploadArchiveParams } from './content-migrations.params.ts';
import { contentMigrationJson, migrationIssueJson, selectiveDataJson } from './content-migrations.serializer.ts';
import { ContentMigrationsService, MAX_ARCHIVE_BYTES } from './content-migrations.service.ts';
import { MIGRATORS } from './migrators.ts';

const MANAGE_CONTENT = ['manage_content'] as const;

/**
 * Canvas's Content Migrations API for courses, with the Common Cartridge importers (decision 0112). The archive's
 * upload (step 2) is Outpost's route under the migration, with the caller's token.
 */
export function contentMigrationsRoutes(services: CoreServices, rules: AccessRules, routes: () => readonly AnyRoute[]): AnyRoute[] {
  const migrations = new ContentMigrationsService(services, routeWriterFor(routes));
  const inCourse = (grants: 'read' | 'write') => rules.inCourse(grants, MANAGE_CONTENT, courseIdOf);
  // A migration is its course's: 404 on another course's path; its issues are every content manager's to read.
  const migrationIn = (grants: 'read' | 'write') =>
    scopedRule('manage_content in the migration’s course', grants, async (ctx, p: { course_id: string; id?: number; content_migration_id?: number }) => {
      const courseId = await rules.ids.courseId(p.course_id);
      const migration = await migrations.get(courseId, (p.content_migration_id ?? p.id)!);
      return scopeIf(await services.access.canAny(ctx.principal, MANAGE_CONTENT, { type: 'course', courseId }), migration);
    });

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/content_migrations/migrators',
      summary: 'The importers this installation runs (Migrator)',
      params: listMigrationsParams,
      permission: inCourse('read'),
      handler: (ctx) => paginateArray(ctx, [...MIGRATORS]),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/content_migrations',
      summary: 'The course’s content migrations (ContentMigration), by id',
      params: listMigrationsParams,
      permission: inCourse('read'),
      handler: async (ctx, _p, { courseId }) => paginateArray(ctx, (await migrations.list(courseId)).map((m) => contentMigrationJson(m, ctx.baseUrl))),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/content_migrations',
      summary: 'Start a content migration (common_cartridge_importer, canvas_cartridge_importer) with pre_attachment[name]: answers its pre_attachment.upload_url for the archive',
      params: createMigrationParams,
      permission: inCourse('write'),
      // The migration is this installation's until its archive is uploaded; what it imports is written through the API.
      localOnly: true,
      handler: async (ctx, p, { courseId }) => ({ body: contentMigrationJson(await migrations.create(ctx.principal, courseId, p, writeStamp(ctx)), ctx.baseUrl) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/content_migrations/:id/upload',
      summary: 'Upload the migration’s archive (multipart/form-data, part `file`); the import runs as a Progress (tag content_migration)',
      params: uploadArchiveParams,
      permission: migrationIn('write'),
      multipart: { fileBytes: MAX_ARCHIVE_BYTES },
      localOnly: true,
      handler: async (ctx, p, migration) => {
        if (migration.data.user_id !== ctx.principal.userId) throw new NotFoundError('content migration');
        return { status: 201, body: contentMigrationJson(await migrations.upload(ctx.principal, migration, p.file.bytes, writeStamp(ctx)), ctx.baseUrl) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/content_migrations/:id',
      summary: 'One content migration (ContentMigration)',
      params: migrationParams,
      permission: migrationIn('read'),
      handler: (ctx, _p, migration) => ({ body: contentMigrationJson(migration, ctx.baseUrl) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/content_migrations/:id',
      summary: 'Pick what a selective import (waiting_for_select) imports with copy[...]: copy[all_<type>] or copy[<type>][id_<migration_id>]; the import runs as a new Progress',
      params: selectMigrationParams,
      permission: migrationIn('write'),
      bodyLimit: 'bulk',
      localOnly: true,
      handler: async (ctx, p, migration) => {
        if (migration.data.user_id !== ctx.principal.userId) throw new NotFoundError('content migration');
        return { body: contentMigrationJson(await migrations.select(ctx.principal, migration, p.copy, writeStamp(ctx)), ctx.baseUrl) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/content_migrations/:id/selective_data',
      summary: 'What a selective import can pick: its content types, or with `type` the pieces of one, each with the copy[...] property that picks it',
      params: selectiveDataParams,
      permission: migrationIn('read'),
      handler: (ctx, p, migration) => ({ body: selectiveDataJson(migration, p.type, ctx.baseUrl) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/content_migrations/:content_migration_id/migration_issues',
      summary: 'A migration’s issues (MigrationIssue): errors that refused the archive, warnings of what was skipped',
      params: issuesParams,
      permission: migrationIn('read'),
      handler: (ctx, _p, migration) => paginateArray(ctx, migration.data.issues.map((i) => migrationIssueJson(migration, i, ctx.baseUrl))),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/content_migrations/:content_migration_id/migration_issues/:id',
      summary: 'One migration issue (MigrationIssue)',
      params: issueParams,
      permission: migrationIn('read'),
      handler: (ctx, p, migration) => {
        const issue = migration.data.issues.find((i) => i.id === p.id);
        if (!issue) throw new NotFoundError('migration issue');
        return { body: migrationIssueJson(migration, issue, ctx.baseUrl) };
      },
    }),
  ];
}
