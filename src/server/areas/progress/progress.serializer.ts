import type { ProgressData } from '../../domain/records/local-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';

/**
 * Canvas's Progress JSON (`lib/api/v1/progress.rb`). `results` appears only once the job is no longer pending and
 * has some: pollers take the key's presence as the sign the job's output is ready.
 */
export function progressJson(record: Stored<ProgressData>, baseUrl: string): Record<string, unknown> {
  const p = record.data;
  return {
    id: record.id,
    context_id: p.context_id,
    context_type: p.context_type,
    user_id: p.user_id,
    tag: p.tag,
    completion: p.completion,
    workflow_state: p.workflow_state,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    message: p.message,
    url: `${baseUrl}/api/v1/progress/${record.id}`,
    ...(PENDING.has(p.workflow_state) || p.results === undefined || p.results === null ? {} : { results: p.results }),
  };
}

const PENDING: ReadonlySet<string> = new Set(['queued', 'running']);
