import type { UploadTicket } from '../../../contracts/lms-dtos.ts';
import { apiBaseUrl } from '../lib/api-base-url.ts';
import { ApiError, apiErrorFrom } from './api-error.ts';
import type { ApiClient } from './client.ts';

/**
 * Step 2 of Canvas's upload: the ticket's fields, then the bytes, as multipart/form-data to the ticket's URL, whose
 * single-use token is the credential (no session header goes with it). XMLHttpRequest because fetch reports no
 * upload progress. Resolves with the `Location` of step 3.
 */
export async function sendUpload(ticket: UploadTicket, file: File, onProgress: (fraction: number) => void): Promise<string> {
  const url = new URL(ticket.upload_url);
  // The token is a credential: it goes only to the server the API lives on.
  if (url.origin !== new URL(await apiBaseUrl()).origin) throw new ApiError('invalid', 0, [`Refusing to upload to ${url.origin}`]);
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.upload_params)) form.append(name, value);
  form.append(ticket.file_param, file, file.name);
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('network', 0, ['The upload got no answer. Check that Outpost is still running, then try again.']));
    xhr.onload = () => {
      const location = xhr.getResponseHeader('Location');
      if (xhr.status >= 200 && xhr.status < 300 && location) {
        onProgress(1);
        resolve(location);
        return;
      }
      const headers = new Headers({ 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'text/plain' });
      void apiErrorFrom(new Response(xhr.responseText, { status: xhr.status, headers })).then(reject);
    };
    xhr.send(form);
  });
}

/**
 * Files for the caller's own submission of an assignment (or a graded quiz's file question, whose files go to the
 * quiz's assignment), through Canvas's three steps one file after another: announce, send the bytes, confirm.
 * Resolves with the files' ids; `onProgress` hears each file's share sent.
 */
export async function uploadSubmissionFiles(
  api: ApiClient,
  target: { courseId: number; assignmentId: number },
  files: readonly File[],
  onProgress: (index: number, fraction: number) => void,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, file] of files.entries()) {
    const ticket = await api.beginSubmissionUpload(target.courseId, target.assignmentId, {
      name: file.name,
      size: file.size,
      content_type: file.type || 'application/octet-stream',
    });
    const location = await sendUpload(ticket, file, (fraction) => onProgress(index, fraction));
    ids.push((await api.confirmUpload(location)).id);
  }
  return ids;
}
