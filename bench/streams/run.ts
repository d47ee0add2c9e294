import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { createFixtureUser } from '../../test/helpers/api-fixtures.ts';
import { enrollFixtureUser } from '../../test/helpers/course-fixtures.ts';
import { createRosterCourse } from '../../test/helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { PULL_COLLECTIONS } from '../../src/server/sync/sync-partitions.ts';
import { summary } from '../grading/percentiles.ts';

/**
 * Issue 18's fairness target: another user's requests keep their latency (p95 within 2× of idle) while 500 event
 * streams are open. The streams are held by a child process (bench/streams/hold-streams.ts), as devices on other
 * machines would hold them: one per replicated collection for each of 125 students of the teacher's course, so
 * every course write is a change all of them must check. The teacher's reads and writes are timed over real HTTP,
 * first idle, then with the streams open. Sizes: OUTPOST_BENCH_STREAMS (default 500), OUTPOST_BENCH_READS (300),
 * OUTPOST_BENCH_WRITES (100). The writes must outlast the hub's gathering of changes into bursts (100 ms), or the
 * phase ends before any burst reaches the streams and times none of their work: the bench says so when no device
 * heard a change during the phase.
 */
const STREAMS = Number(process.env.OUTPOST_BENCH_STREAMS ?? 500);
const READS = Number(process.env.OUTPOST_BENCH_READS ?? 300);
const WRITES = Number(process.env.OUTPOST_BENCH_WRITES ?? 100);
const TARGET_RATIO = 2;
/** The assignment list's page size: the teacher's reads list one full page. */
const LIST_PAGE = 50;

const server = await startTestServer();
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
try {
  const course = await createRosterCourse(server, 'Streamed 101');
  const listeners = await Promise.all(Array.from({ length: Math.ceil(STREAMS / PULL_COLLECTIONS.length) }, (_, i) => createFixtureUser(server, `Device ${i}`)));
  for (const user of listeners) await enrollFixtureUser(server, course.id, user.id, 'StudentEnrollment');
  const call = async (method: string, path: string, body?: unknown) => {
    const start = performance.now();
    const status = await request(server.url + path, method, course.teacher.token, body);
    if (status >= 300) throw new Error(`${method} ${path}: ${status}`);
    return performance.now() - start;
  };
  let round = 0;
  const measure = async (readCount = READS, writeCount = WRITES) => {
    const reads: number[] = [];
    const writes: number[] = [];
    for (let i = 0; i < readCount; i++) reads.push(await call('GET', `/api/v1/courses/${course.id}/assignments?per_page=${LIST_PAGE}`));
    for (let i = 0; i < writeCount; i++) {
      writes.push(await call('POST', `/api/v1/courses/${course.id}/assignments`, { assignment: { name: `Quiz ${++round}`, published: true, points_possible: 10 } }));
      // The next read waits for whatever the write set off (the streams' checks), as a person's next click would.
      reads.push(await call('GET', `/api/v1/courses/${course.id}`));
    }
    return { reads: summary(reads), writes: summary(writes) };
  };

  // Warm-up: the first requests compile code paths and fill caches, which neither phase should pay for. It also
  // fills the course with a full page of assignments, so that both phases' reads list the same 50 (each phase's
  // writes add more, and the idle phase would otherwise time shorter lists than the phase with streams).
  await measure(10, LIST_PAGE);
  const idle = await measure();
  const feed = server.core.services.sync.changes;
  const connectsBefore = feed.connectComputations;
  const holder = await holdStreams(server, listeners.map((user) => user.token));
  const computedBefore = feed.scopeComputations;
  const loaded = await measure();
  // On a shared machine the ratios move with the load; the work the streams set off does not.
  const computed = feed.scopeComputations - computedBefore;
  const connects = feed.connectComputations - connectsBefore;
  const heard = await holder.stop();
  clearInterval(sampler);

  console.log(`${STREAMS} streams of ${listeners.length} students; ${READS + WRITES} reads and ${WRITES} writes per phase; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}\n`);
  console.log('| teacher request | idle p50 / p95 ms | with streams p50 / p95 ms | p95 ratio | target |');
  console.log('|---|---:|---:|---:|---|');
  for (const kind of ['reads', 'writes'] as const) {
    const ratio = loaded[kind].p95 / idle[kind].p95;
    console.log(
      `| ${kind} | ${idle[kind].median.toFixed(1)} / ${idle[kind].p95.toFixed(1)} | ${loaded[kind].median.toFixed(1)} / ${loaded[kind].p95.toFixed(1)} | ${ratio.toFixed(2)}× | ≤ ${TARGET_RATIO}× ${ratio <= TARGET_RATIO ? 'met' : '**missed**'} |`,
    );
  }
  console.log(`\nscopes computed for changes while the streams were open: ${computed}; for connects: ${connects}`);
  // A feed that falls behind costs the teacher nothing and tells the devices late: count what reached them.
  console.log(`changed events the devices heard during the phase: ${heard} (${STREAMS / PULL_COLLECTIONS.length} course streams × ${WRITES} writes at most)`);
  if (heard === 0) console.log('**no device heard a change during the phase: the ratios above did not time the streams’ work (more writes needed)**');
  console.log(`peak RSS of the server process: ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
} finally {
  clearInterval(sampler);
  await server.stop();
}

/**
 * One request on a connection of its own: a kept-alive connection can be closed by the server (idle timeout) just
 * as the client reuses it while the event loop is busy with the streams' checks, and both phases pay the same
 * loopback connect.
 */
function request(url: string, method: string, token: string, body?: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent: false, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Starts the child that holds the streams and waits until the hub watches all of them. */
async function holdStreams(target: TestServer, tokens: string[]): Promise<{ stop(): Promise<number> }> {
  const child = spawn(process.execPath, [new URL('./hold-streams.ts', import.meta.url).pathname], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.write(`${JSON.stringify({ url: target.url, tokens })}\n`);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const lineStarting = async (prefix: string) => {
    for (let line = await lines.next(); !line.done; line = await lines.next()) if (line.value.startsWith(prefix)) return line.value.slice(prefix.length);
    throw new Error(`the stream holder exited before "${prefix}"`);
  };
  await lineStarting('open ');
  return {
    // Closing its stdin makes the child report the `changed` events it heard, then exit.
    async stop() {
      child.stdin.end();
      return Number(await lineStarting('changed '));
    },
  };
}
