import type { ExportFileData } from '../../domain/records/export-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { exportFileJson } from '../export-files/export-files.serializer.ts';

const STATES: Readonly<Record<ExportFileData['workflow_state'], string>> = { pending: 'exporting', available: 'exported', failed: 'failed' };

/** Canvas's ContentExport JSON (`lib/api/v1/content_export.rb`); `attachment` once the file is written. */
export function contentExportJson(record: Stored<ExportFileData>, baseUrl: string): Record<string, unknown> {
  const f = record.data;
  return {
    id: record.id,
    created_at: isoSeconds(record.created_at),
    export_type: f.kind,
    user_id: f.user_id,
    workflow_state: STATES[f.workflow_state],
    course_id: f.course_id,
    ...(f.progress_id ? { progress_url: `${baseUrl}/api/v1/progress/${f.progress_id}` } : {}),
    ...(f.workflow_state === 'available' ? { attachment: exportFileJson(record, baseUrl) } : {}),
  };
}
