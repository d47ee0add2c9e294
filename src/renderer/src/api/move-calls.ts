import type { Progress } from '../../../contracts/gradebook-dtos.ts';
import type {
  ContentExport,
  ContentMigration,
  DateShiftOptions,
  GradebookCsvStarted,
  GradebookUploadPreview,
  MigrationIssue,
  Migrator,
  SelectiveNode,
} from '../../../contracts/move-dtos.ts';
import type { Http } from './http.ts';

/** Moving a course in and out: content migrations (import), content exports, the gradebook's CSV both ways. */
export function moveCalls(http: Http) {
  const course = (courseId: number) => `/api/v1/courses/${courseId}`;
  const migrations = (courseId: number) => `${course(courseId)}/content_migrations`;
  return {
    migrators: (courseId: number) => http.getAll<Migrator>(`${migrations(courseId)}/migrators`),
    migrationCreated: (courseId: number, m: { migration_type: string; name: string; size: number; selective_import: boolean; date_shift_options: DateShiftOptions }) =>
      http.writeJson<ContentMigration>('POST', migrations(courseId), {
        migration_type: m.migration_type,
        pre_attachment: { name: m.name, size: m.size },
        selective_import: m.selective_import,
        date_shift_options: m.date_shift_options,
      }),
    /** Step 2: the archive to the migration's `upload_url`, which takes the signed-in person's session. */
    migrationArchiveSent: (migration: ContentMigration, file: File) => {
      const form = new FormData();
      form.append(migration.pre_attachment?.file_param ?? 'file', file, file.name);
      return http.writeForm<ContentMigration>(migration.pre_attachment?.upload_url ?? '', form);
    },
    migration: (courseId: number, id: number) => http.getOne<ContentMigration>(`${migrations(courseId)}/${id}`),
    selectiveData: (courseId: number, id: number, type?: string) =>
      http.getOne<SelectiveNode[]>(`${migrations(courseId)}/${id}/selective_data`, type === undefined ? {} : { type }),
    /** A selective import's choice: `copy` as Canvas takes it (`{all_assignments: true, wiki_pages: {id_x: true}}`). */
    migrationSelected: (courseId: number, id: number, copy: Record<string, boolean | Record<string, boolean>>) =>
      http.writeJson<ContentMigration>('PUT', `${migrations(courseId)}/${id}`, { copy }),
    migrationIssues: (courseId: number, id: number) => http.getAll<MigrationIssue>(`${migrations(courseId)}/${id}/migration_issues`),
    contentExportStarted: (courseId: number) => http.writeJson<ContentExport>('POST', `${course(courseId)}/content_exports`, { export_type: 'common_cartridge' }),
    contentExport: (courseId: number, id: number) => http.getOne<ContentExport>(`${course(courseId)}/content_exports/${id}`),
    gradebookCsvStarted: (courseId: number) => http.writeJson<GradebookCsvStarted>('POST', `${course(courseId)}/gradebook_csvs`),
    /** An export's bytes, through the session (a plain link would not carry its CSRF token). */
    exportBytes: (url: string) => http.getBlob(url),
    gradebookUploadPreviewed: (courseId: number, csv: string, filename: string) =>
      http.writeJson<GradebookUploadPreview>('POST', `${course(courseId)}/gradebook_uploads`, { csv, filename }),
    gradebookUploadConfirmed: (courseId: number, id: number) => http.writeJson<Progress>('POST', `${course(courseId)}/gradebook_uploads/${id}/confirm`),
  };
}
