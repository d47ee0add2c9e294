import type { ExportFileData } from '../../domain/records/export-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';

/** Where an export's bytes are read (by the person who asked for it). */
export function exportDownloadUrl(record: Stored<ExportFileData>, baseUrl: string): string {
  return `${baseUrl}/api/v1/export_files/${record.id}/download?download_frd=1`;
}

/**
 * An export as Canvas's attachment JSON (`lib/api/v1/attachment.rb`), the shape Canvas gives its gradebook CSVs and
 * content exports: clients follow `url`. `workflow_state` says whether the bytes are all there yet.
 */
export function exportFileJson(record: Stored<ExportFileData>, baseUrl: string): Record<string, unknown> {
  const f = record.data;
  return {
    id: record.id,
    uuid: f.uuid,
    folder_id: null,
    display_name: f.filename,
    filename: f.filename,
    'content-type': f.content_type,
    url: exportDownloadUrl(record, baseUrl),
    size: f.size,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    modified_at: isoSeconds(record.updated_at),
    unlock_at: null,
    lock_at: null,
    locked: false,
    hidden: false,
    hidden_for_user: false,
    locked_for_user: false,
    thumbnail_url: null,
    media_entry_id: null,
    mime_class: 'file',
    preview_url: null,
    workflow_state: f.workflow_state === 'available' ? 'processed' : f.workflow_state === 'failed' ? 'errored' : 'pending_upload',
  };
}
