import type { Progress } from './gradebook-dtos.ts';

/** JSON of moving a course in and out: content migrations and exports, the gradebook's CSV (docs/canvas-compatibility.md §21). */

/** `GET …/content_migrations/migrators`: an importer a course can run. */
export interface Migrator {
  type: string;
  name: string;
}

/** Canvas's ContentMigration, as far as the import screen reads it. */
export interface ContentMigration {
  id: number;
  migration_type: string;
  workflow_state: 'pre_processing' | 'queued' | 'running' | 'waiting_for_select' | 'completed' | 'failed';
  progress_url?: string;
  pre_attachment?: { upload_url: string; file_param: string };
  migration_issues_count: number;
  imported?: Record<string, number>;
}

/** Canvas's `date_shift_options` of a new migration; days as `YYYY-MM-DD`. */
export interface DateShiftOptions {
  shift_dates?: boolean;
  remove_dates?: boolean;
  old_start_date?: string;
  old_end_date?: string;
  new_start_date?: string;
  new_end_date?: string;
}

/** A node of a selective import's `selective_data`: a content type (with `count`) or one piece of it (with `migration_id`). */
export interface SelectiveNode {
  type: string;
  property: string;
  title: string;
  count?: number;
  migration_id?: string;
}

export interface MigrationIssue {
  id: number;
  issue_type: 'error' | 'warning' | 'todo';
  description: string;
}

/** An export's file, as Canvas's attachment JSON: its bytes are at `url`, for the person who asked for it. */
export interface ExportAttachment {
  id: number;
  filename: string;
  url: string;
  size: number;
}

/** Canvas's ContentExport. */
export interface ContentExport {
  id: number;
  workflow_state: 'exporting' | 'exported' | 'failed';
  progress_url?: string;
  attachment?: ExportAttachment;
}

/** `POST …/gradebook_csvs`: the file to come and the Progress of the job writing it. */
export interface GradebookCsvStarted {
  filename: string;
  attachment: ExportAttachment;
  progress: Progress;
}

/** One cell a gradebook upload changes, in the export's terms: `EX`, a score, or null for blank. */
export interface GradebookCellChange {
  assignment_id: number;
  student_id: number;
  old: string | null;
  new: string | null;
}

/** A gradebook upload's preview; nothing is graded until it is confirmed. */
export interface GradebookUploadPreview {
  id: number;
  filename: string;
  workflow_state: 'previewed' | 'confirmed';
  changes: GradebookCellChange[];
  unchanged: number;
  unknown_students: Array<{ row: number; id: string; sis_user_id: string; sis_login_id: string; name: string; reason: 'not_found' | 'repeated' }>;
  unknown_assignments: Array<{ column: number; title: string }>;
  ignored_columns: string[];
  invalid: Array<{ row: number; assignment_id: number; student_id: number; value: string; message: string }>;
}
