import { PULL_COLLECTIONS } from '../../src/server/sync/sync-partitions.ts';

/**
 * Child process of bench/streams: holds one event stream per replicated collection for each token given on stdin
 * (one JSON line: `{ url, tokens }`), as that many devices would, reading and dropping their events. Prints
 * `open <n>` once all answered 200, and exits when its stdin closes.
 */
const input = await new Promise<string>((resolve) => process.stdin.once('data', (chunk) => resolve(String(chunk))));
const { url, tokens } = JSON.parse(input) as { url: string; tokens: string[] };
const controller = new AbortController();
const statuses = await Promise.all(
  tokens.flatMap((token) =>
    PULL_COLLECTIONS.map(async (collection) => {
      const res = await fetch(`${url}/api/v1/sync/${collection}/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
      // Drain in the background: a device reads every event.
      void res.body?.pipeTo(new WritableStream()).catch(() => undefined);
      return res.status;
    }),
  ),
);
const refused = statuses.filter((status) => status !== 200).length;
if (refused > 0) throw new Error(`${refused} streams refused`);
process.stdout.write(`open ${statuses.length}\n`);
process.stdin.once('end', () => {
  controller.abort();
  process.exit(0);
});
process.stdin.resume();
