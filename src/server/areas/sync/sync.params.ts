import { z } from 'zod';
import { canvasBoolean, canvasEnum, canvasId, canvasInteger } from '../../http/params/canvas-params.ts';
import { decodeCheckpoint, PULL_COLLECTIONS, PUSH_COLLECTIONS } from '../../sync/sync-partitions.ts';

/** Records per pull page: RxDB's default batch is 100; a page of big file contents stays bounded. */
export const MAX_PULL_LIMIT = 500;
/** Rows per push; the device's push batch size is well below it (sync/device-sync.ts). */
export const MAX_PUSH_ROWS = 100;

const id = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const millis = z.number().int().min(0).max(8_640_000_000_000_000);

/** The record envelope as it travels (storage/record-schema.ts), with the same bounds as the schema. */
const wireRecord = z.object({
  key: z.string().max(120),
  type: z.string().min(1).max(48),
  id,
  course_id: id,
  user_id: id,
  parent_id: id,
  sort_key: z.string().max(300),
  lookup_key: z.string().max(300),
  created_at: millis,
  updated_at: millis,
  updated_by: id,
  request_id: z.string().max(64),
  data: z.record(z.string(), z.unknown()),
  _deleted: z.boolean(),
});

export const pullParams = z.object({
  collection: z.enum(PULL_COLLECTIONS),
  checkpoint: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || raw === '' || decodeCheckpoint(raw) !== undefined, 'checkpoint must be a checkpoint this hub returned')
    .transform((raw) => decodeCheckpoint(raw)),
  limit: canvasInteger({ min: 1, max: MAX_PULL_LIMIT }).default(100),
});
export type PullParams = z.output<typeof pullParams>;

export const pushParams = z.object({
  collection: z.enum(PUSH_COLLECTIONS),
  rows: z
    .array(z.object({ assumedMasterState: wireRecord.nullish(), newDocumentState: wireRecord }))
    .max(MAX_PUSH_ROWS),
});
export type PushParams = z.output<typeof pushParams>;

export const streamParams = z.object({ collection: z.enum(PULL_COLLECTIONS) });
export const conflictsParams = z.object({ include_resolved: canvasBoolean().optional() });
export type ConflictsParams = z.output<typeof conflictsParams>;

export const statusParams = z.object({});

export const resolveConflictParams = z.object({
  id: canvasId(),
  choice: canvasEnum(['device', 'hub', 'merged']),
  // A JSON object of the record's data fields (see conflict-resolution.service.ts for what each may be).
  value: z.record(z.string(), z.unknown()).optional(),
});
export type ResolveConflictParams = z.output<typeof resolveConflictParams>;
