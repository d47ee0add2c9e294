import type { ContentMigrationData, MigrationIssueData } from '../../domain/records/export-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { MIGRATORS } from './migrators.ts';
import { SELECTIVE_TITLES, SELECTIVE_TYPES, type SelectiveType } from './selective-import.ts';

const base = (m: Stored<ContentMigrationData>, baseUrl: string) => `${baseUrl}/api/v1/courses/${m.data.course_id}/content_migrations/${m.id}`;

/** Canvas's ContentMigration JSON (`lib/api/v1/content_migration.rb`). */
export function contentMigrationJson(m: Stored<ContentMigrationData>, baseUrl: string): Record<string, unknown> {
  const d = m.data;
  return {
    id: m.id,
    migration_type: d.migration_type,
    migration_type_title: MIGRATORS.find((t) => t.type === d.migration_type)?.name ?? d.migration_type,
    migration_issues_url: `${base(m, baseUrl)}/migration_issues`,
    migration_issues_count: d.issues.length,
    user_id: d.user_id,
    workflow_state: d.workflow_state,
    created_at: isoSeconds(m.created_at),
    started_at: d.started_at,
    finished_at: d.finished_at,
    ...(d.progress_id !== null ? { progress_url: `${baseUrl}/api/v1/progress/${d.progress_id}` } : {}),
    ...(d.workflow_state === 'pre_processing'
      ? { pre_attachment: { upload_url: `${base(m, baseUrl)}/upload`, upload_params: {}, file_param: 'file', message: 'file upload pending' } }
      : {}),
    ...(d.workflow_state === 'completed' ? { imported: d.imported } : {}),
  };
}

/** Canvas's MigrationIssue JSON. */
export function migrationIssueJson(m: Stored<ContentMigrationData>, issue: MigrationIssueData, baseUrl: string): Record<string, unknown> {
  return {
    id: issue.id,
    content_migration_url: base(m, baseUrl),
    description: issue.description,
    workflow_state: 'active',
    issue_type: issue.issue_type,
    fix_issue_html_url: null,
    error_report_html_url: null,
    error_message: issue.issue_type === 'error' ? issue.description : null,
    created_at: issue.created_at,
    updated_at: issue.created_at,
  };
}

/**
 * Canvas's selective data: without `type`, one node per content type (`copy[all_<type>]`, its count and the URL
 * of its pieces); with it, that type's pieces (`copy[<type>][id_<migration_id>]`). Empty until the archive is checked.
 */
export function selectiveDataJson(m: Stored<ContentMigrationData>, type: SelectiveType | undefined, baseUrl: string): Array<Record<string, unknown>> {
  const selectable = m.data.selectable ?? {};
  if (type !== undefined) {
    return (selectable[type] ?? []).map((item) => ({ type, property: `copy[${type}][id_${item.migration_id}]`, title: item.title, migration_id: item.migration_id }));
  }
  return SELECTIVE_TYPES.filter((t) => (selectable[t]?.length ?? 0) > 0).map((t) => ({
    type: t,
    property: `copy[all_${t}]`,
    title: SELECTIVE_TITLES[t],
    count: selectable[t]!.length,
    sub_items_url: `${base(m, baseUrl)}/selective_data?type=${t}`,
  }));
}
