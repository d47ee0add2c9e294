import type { GradebookUploadData } from '../../domain/records/export-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';

/** A gradebook upload's preview (Outpost's JSON: Canvas's upload is a page of its UI, with no API shape). */
export function gradebookUploadJson(record: Stored<GradebookUploadData>, baseUrl: string): Record<string, unknown> {
  const u = record.data;
  return {
    id: record.id,
    course_id: u.course_id,
    user_id: u.user_id,
    filename: u.filename,
    workflow_state: u.workflow_state,
    created_at: isoSeconds(record.created_at),
    changes: u.changes,
    unchanged: u.unchanged,
    unknown_students: u.unknown_students,
    unknown_assignments: u.unknown_assignments,
    ignored_columns: u.ignored_columns,
    invalid: u.invalid,
    progress_id: u.progress_id,
    progress_url: u.progress_id === null ? null : `${baseUrl}/api/v1/progress/${u.progress_id}`,
    url: `${baseUrl}/api/v1/courses/${u.course_id}/gradebook_uploads/${record.id}`,
  };
}
