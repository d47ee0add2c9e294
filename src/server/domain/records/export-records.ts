/**
 * Files Outpost writes for a person to download (a gradebook CSV, a course export) and the gradebook uploads it
 * previews before saving. They live in `local`: a gradebook holds every student's grades, so neither the file nor
 * its bytes may reach a device by pull; the bytes are chunked so that neither the job writing them nor the
 * download reading them holds the whole file (docs/decisions/0109-gradebook-csv.md).
 */

/** `migration_archive`: an archive uploaded for a content migration, kept in chunks until its job reads it. */
export type ExportKind = 'gradebook_csv' | 'common_cartridge' | 'zip' | 'migration_archive';

export interface ExportFileData {
  course_id: number;
  /** Who asked for it: only they download it. */
  user_id: number;
  kind: ExportKind;
  filename: string;
  content_type: string;
  /** Bytes written so far (all of them once `available`). */
  size: number;
  /** How many `export_chunk` records hold the bytes, in order. */
  chunks: number;
  uuid: string;
  workflow_state: 'pending' | 'available' | 'failed';
  /** The Progress of the job writing it (a content export shows it; absent on gradebook CSVs stored before). */
  progress_id?: number | null;
}

/** One piece of an export's bytes: `index` orders them. */
export interface ExportChunkData {
  export_id: number;
  index: number;
  base64: string;
}

/** The lookup slot of a chunk: one record per export and index, so a job resumed after a crash never writes one twice. */
export const exportChunkKey = (exportId: number, index: number): string => `export_chunk:${exportId}:${index}`;

/** A cell of an uploaded gradebook that differs from the grade saved now: Canvas's `EX`, a score, or a blank (null). */
export interface GradebookCellChange {
  assignment_id: number;
  student_id: number;
  /** As the export writes it: `EX`, the score, or null when ungraded. */
  old: string | null;
  new: string | null;
}

/** A row or column of an upload that names nothing Outpost can grade, kept to show in the preview. */
export interface GradebookUnknownStudent {
  row: number;
  id: string;
  sis_user_id: string;
  sis_login_id: string;
  name: string;
  /** `not_found`: no student of the course the uploader grades; `repeated`: an earlier row names the same student. */
  reason: 'not_found' | 'repeated';
}

export interface GradebookUnknownAssignment {
  column: number;
  title: string;
}

export interface GradebookInvalidCell {
  row: number;
  assignment_id: number;
  student_id: number;
  value: string;
  message: string;
}

/** An uploaded gradebook CSV, parsed and compared with the saved grades; nothing is saved until it is confirmed. */
export interface GradebookUploadData {
  course_id: number;
  /** The uploader: only they see and confirm it. */
  user_id: number;
  filename: string;
  changes: GradebookCellChange[];
  unchanged: number;
  unknown_students: GradebookUnknownStudent[];
  unknown_assignments: GradebookUnknownAssignment[];
  /** Read-only and unsupported columns (totals, custom columns), by title: their cells are never imported. */
  ignored_columns: string[];
  invalid: GradebookInvalidCell[];
  workflow_state: 'previewed' | 'confirmed';
  progress_id: number | null;
}

/** A problem a content migration met: `error` refused the archive (nothing was imported), `warning` skipped a part. */
export interface MigrationIssueData {
  id: number;
  issue_type: 'error' | 'warning' | 'todo';
  description: string;
  created_at: string;
}

/** Canvas's `date_shift_options` of an import (decision 0130): calendar days as `YYYY-MM-DD`. */
export interface MigrationDateShift {
  shift_dates: boolean;
  remove_dates: boolean;
  old_start_date: string | null;
  old_end_date: string | null;
  new_start_date: string | null;
  new_end_date: string | null;
}

/** One piece of a cartridge a selective import can pick: its identifier (Canvas's `migration_id`) and title. */
export interface MigrationSelectable {
  migration_id: string;
  title: string;
}

/** Canvas's ContentMigration: an archive uploaded into a course and imported by a job. */
export interface ContentMigrationData {
  course_id: number;
  user_id: number;
  migration_type: string;
  /** The uploaded archive (an `export_file` of kind `migration_archive`), once uploaded. */
  archive_id: number | null;
  pre_attachment_name: string | null;
  progress_id: number | null;
  workflow_state: 'pre_processing' | 'queued' | 'running' | 'waiting_for_select' | 'completed' | 'failed';
  started_at: string | null;
  finished_at: string | null;
  issues: MigrationIssueData[];
  /** Stop at `waiting_for_select` once the archive is checked (absent on migrations stored before it existed). */
  selective_import?: boolean;
  date_shift?: MigrationDateShift | null;
  /** What a selective import may pick, by Canvas's selective-data type, once the archive is checked. */
  selectable?: Record<string, MigrationSelectable[]> | null;
  /** The `copy[...]` selection a selective import was given. */
  copy?: Record<string, boolean | Record<string, boolean>> | null;
  /** What the import created, by kind and count, once completed. */
  imported: Record<string, number>;
}
