import type { FileData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { ContentViewer } from '../common/course-content.ts';
import { fileLocked } from '../../domain/content-visibility.ts';

/** Canvas's File JSON (`lib/api/v1/attachment.rb`); note the hyphenated `content-type` key, as Canvas sends it. */
export function fileJson(record: Stored<FileData>, baseUrl: string, viewer: ContentViewer): Record<string, unknown> {
  const f = record.data;
  const locked = fileLocked(f);
  return {
    id: record.id,
    uuid: f.uuid,
    folder_id: null,
    display_name: f.display_name,
    filename: f.filename,
    'content-type': f.content_type,
    url: fileDownloadUrl(record, baseUrl),
    size: f.size,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    modified_at: isoSeconds(record.updated_at),
    unlock_at: f.unlock_at,
    lock_at: f.lock_at,
    locked: f.locked,
    hidden: f.hidden,
    hidden_for_user: f.hidden && !viewer.canManage,
    locked_for_user: locked && !viewer.canManage,
    thumbnail_url: null,
    media_entry_id: null,
    mime_class: mimeClass(f.content_type),
    preview_url: null,
    upload_status: 'success',
  };
}

/** Where the bytes are read, for whoever may read the file. */
export function fileDownloadUrl(record: Stored<FileData>, baseUrl: string): string {
  return `${baseUrl}/api/v1/files/${record.id}/download?download_frd=1`;
}

/** Step 3 of Canvas's upload, where the File JSON of a finished upload is confirmed (files.routes.ts). */
export function createSuccessUrl(record: Stored<FileData>, baseUrl: string): string {
  return `${baseUrl}/api/v1/files/${record.id}/create_success?uuid=${encodeURIComponent(record.data.uuid)}`;
}

function mimeClass(contentType: string): string {
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType === 'text/html') return 'html';
  const [top] = contentType.split('/');
  return top === 'image' || top === 'video' || top === 'audio' || top === 'text' ? top : 'file';
}
