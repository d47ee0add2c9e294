import type { z } from 'zod';
import type { IdAllocator } from '../domain/ids.ts';
import { progressStates } from '../domain/progress-states.ts';
import type { JobData, ProgressData, ProgressState } from '../domain/records/local-records.ts';
import type { Repositories } from '../domain/repositories.ts';
import { retryStale, writeTogether, type Stored, type WriteStamp } from '../domain/repository.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import { ItemMarks } from './item-marks.ts';

/** A kind of job (bulk grading, group assignment): registered once by the area that owns it. */
export interface JobKind<TInputs> {
  /** Names the kind in the job table; also its Progress's tag. */
  readonly kind: string;
  /** The stored inputs' shape: a job stored by another version of Outpost that no longer fits it fails, never guesses. */
  readonly inputs: z.ZodType<TInputs>;
  /**
   * Checks the inputs against the data as it is now, on the first start and on every resume, and lists the
   * items. Throws when they no longer hold (the assignment was deleted meanwhile): the job fails with that message.
   */
  load(inputs: TInputs, stamp: WriteStamp): Promise<JobItems>;
}

export interface JobItems {
  readonly count: number;
  /** Applies item `index` in at most ONE `writeTogether`: the item's done mark commits in that transaction. */
  apply(index: number, stamp: WriteStamp): Promise<void>;
  /** After the last item (again, after a crash here): follow-ups that are safe to repeat; the Progress results. */
  finish(stamp: WriteStamp): Promise<unknown>;
}

/** What a job reports to the Progress it is answered with, besides its kind. */
export interface JobContext {
  context_type: string;
  context_id: number;
}

const UNFINISHED: ProgressState[] = ['queued', 'running'];

/**
 * Lets the requests that arrived meanwhile be served. Storage answers without waiting on I/O, so a job's loop
 * would otherwise hold the event loop to its end, the client polling its Progress included: jobs call this
 * between steps.
 */
export function servingRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The job table's runner: every Progress job is stored (kind, inputs, state) before it is answered, runs after
 * the answer, and is resumed when the server starts again after a crash, skipping the items already done. A job
 * that cannot run any more (its kind or inputs no longer hold) finishes `failed` with a message, so no Progress
 * stays `running` forever. Jobs run side by side; closing lets each finish its current item and leaves it
 * `running` in the table for the next start.
 */
export class JobRunner {
  readonly #repos: Repositories;
  readonly #marks: ItemMarks;
  readonly #kinds = new Map<string, JobKind<unknown>>();
  readonly #running = new Map<number, Promise<void>>();
  #stopping = false;

  constructor(db: OutpostDatabase, repos: Repositories, ids: IdAllocator) {
    this.#repos = repos;
    this.#marks = new ItemMarks(db, ids);
  }

  register<T>(kind: JobKind<T>): void {
    if (this.#kinds.has(kind.kind)) throw new Error(`the job kind ${kind.kind} is registered twice`);
    this.#kinds.set(kind.kind, kind as JobKind<unknown>);
  }

  /** Stores a job and its queued Progress together, and runs it after the caller's answer. */
  async enqueue<T>(kind: JobKind<T>, inputs: T, context: JobContext, stamp: WriteStamp): Promise<Stored<ProgressData>> {
    const { progress: progressRepo, jobs } = this.#repos;
    const progress = await progressRepo.build(progressStates.queued({ ...context, user_id: stamp.actorId, tag: kind.kind }), stamp);
    const job = await jobs.build({ kind: kind.kind, progress_id: progress.id, user_id: stamp.actorId, inputs, workflow_state: 'queued' }, stamp);
    await writeTogether([progressRepo.insertion(progress), jobs.insertion(job)]);
    this.#launch(job);
    return progress;
  }

  /** At server start: runs every job a crash (or a close mid-job) left queued or running. */
  async start(): Promise<void> {
    for (const job of await this.#repos.jobs.find({ parent_id: 0, sort_key: { $in: UNFINISHED } })) this.#launch(job);
  }

  /** Lets each running job finish its current item; what remains runs at the next start. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await Promise.all(this.#running.values());
  }

  #launch(job: Stored<JobData>): void {
    if (this.#stopping || this.#running.has(job.id)) return;
    // After the current request has answered: the client polls its Progress.
    const run = new Promise((resolve) => setImmediate(resolve)).then(() => this.#run(job));
    this.#running.set(job.id, run);
    void run.finally(() => this.#running.delete(job.id));
  }

  async #run(job: Stored<JobData>): Promise<void> {
    const stamp = (): WriteStamp => ({ actorId: job.data.user_id, requestId: `job-${job.id}`, now: Date.now() });
    try {
      const kind = this.#kinds.get(job.data.kind);
      if (!kind) throw new Error(`This installation runs no job of kind '${job.data.kind}'.`);
      const inputs = kind.inputs.safeParse(job.data.inputs);
      if (!inputs.success) throw new Error(`The job's stored inputs cannot be read: ${inputs.error.issues[0]?.message ?? 'invalid'}.`);
      // Only a job that was running can have items done: a fresh one need not look for their marks.
      const resumed = job.data.workflow_state === 'running';
      await this.#move(job.id, 'running', (p) => progressStates.running(p.completion)(p), stamp());
      const items = await kind.load(inputs.data, stamp());
      let reported = 0;
      for (let index = 0; index < items.count; index++) {
        await servingRequests();
        if (this.#stopping) return;
        if (!(resumed && (await this.#marks.isDone(job.id, index)))) await this.#marks.apply(job.id, index, stamp(), () => items.apply(index, stamp()));
        const percent = Math.floor(((index + 1) * 100) / items.count);
        if (percent > reported && percent < 100) {
          reported = percent;
          await this.#repos.progress.update(job.data.progress_id, stamp(), progressStates.running(percent));
        }
      }
      const results = await items.finish(stamp());
      await this.#move(job.id, 'completed', progressStates.completed(results), stamp());
    } catch (err) {
      // Unrecorded (the storage failing too), the job stays unfinished and the next start runs it again.
      const message = err instanceof Error ? err.message : 'The job failed.';
      await this.#move(job.id, 'failed', progressStates.failed(message), stamp()).catch(() => undefined);
    }
  }

  /** The job's state and its Progress, in one transaction. */
  #move(jobId: number, state: ProgressState, change: (p: ProgressData) => ProgressData, stamp: WriteStamp): Promise<void> {
    const { progress: progressRepo, jobs } = this.#repos;
    return retryStale(async () => {
      const job = await jobs.get(jobId);
      const progress = job && (await progressRepo.get(job.data.progress_id));
      if (!job || !progress) throw new Error(`job ${jobId} or its progress is gone`);
      await writeTogether([jobs.replacement(job, { ...job.data, workflow_state: state }, stamp), progressRepo.replacement(progress, change(progress.data), stamp)]);
    });
  }
}
