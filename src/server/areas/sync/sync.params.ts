import { z } from 'zod';
import { canvasBoolean, canvasEnum, canvasId, canvasInteger, canvasList } from '../../http/params/canvas-params.ts';
import { REPLICA_LIMIT } from '../../domain/ids.ts';
import { decodeCheckpoint, PULL_COLLECTIONS } from '../../sync/sync-partitions.ts';

/** Records per pull page: RxDB's default batch is 100; a page of big file contents stays bounded. */
export const MAX_PULL_LIMIT = 500;
/** Entries per replay request, and keys per states request: the device sends smaller batches (sync/outbox-sender.ts). */
export const MAX_REPLAY_ENTRIES = 100;
export const MAX_STATE_KEYS = 100;

const id = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const millis = z.number().int().min(0).max(8_640_000_000_000_000);

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

export const statesParams = z.object({
  collection: z.enum(PULL_COLLECTIONS),
  keys: canvasList(z.string().min(1).max(120)).refine((keys) => keys.length <= MAX_STATE_KEYS, `at most ${MAX_STATE_KEYS} keys`),
});

const createdRecord = z.object({
  collection: z.enum(PULL_COLLECTIONS),
  key: z.string().max(120),
  type: z.string().min(1).max(48),
  id,
  lookup_key: z.string().max(300),
});

const fieldValues = z.record(z.string().max(64), z.unknown());

/** The record an entry was based on, and the fields it changed there (sync/outbox.ts `EntryBase`). */
const entryBase = z.object({
  collection: z.enum(PULL_COLLECTIONS),
  key: z.string().max(120),
  type: z.string().min(1).max(48),
  // Entries recorded before bases carried it have none: their record is then looked up by key only.
  lookup_key: z.string().max(300).default(''),
  updated_at: millis,
  change: z.object({ before: fieldValues, after: fieldValues }).nullable(),
});

/** An outbox entry as a device sends it (sync/outbox.ts): one write its API performed, to perform again here. */
const sentEntry = z.object({
  id,
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  route: z.string().startsWith('/api/').max(300),
  params: z.record(z.string(), z.unknown()),
  user_id: id,
  device_time: millis,
  base: entryBase.nullable(),
  created: z.array(createdRecord).max(1000),
});

export const replayParams = z.object({
  /** The replica number of the device's installation: its ids are `replica × 2^33 + sequence`. */
  device: z.number().int().min(1).max(REPLICA_LIMIT - 1),
  entries: z.array(sentEntry).max(MAX_REPLAY_ENTRIES),
});
export type ReplayParams = z.output<typeof replayParams>;

export const streamParams = z.object({ collection: z.enum(PULL_COLLECTIONS) });
export const conflictsParams = z.object({ include_resolved: canvasBoolean().optional() });
export type ConflictsParams = z.output<typeof conflictsParams>;

export const statusParams = z.object({});

export const resolveConflictParams = z.object({
  id: canvasId(),
  choice: canvasEnum(['device', 'hub']),
});
export type ResolveConflictParams = z.output<typeof resolveConflictParams>;
