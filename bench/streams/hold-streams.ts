import { PULL_COLLECTIONS } from '../../src/server/sync/sync-partitions.ts';

/**
 * Child process of bench/streams: holds one event stream per replicated collection for each token given on stdin
 * (one JSON line: `{ url, tokens }`), as that many devices would, reading and counting their `changed` events.
 * Prints `open <n>` once the hub watches all of them (each said its `connected` resync: the hub computes a scope
 * for a connect after answering 200), and `changed <n>` (events heard since) when its stdin closes, then exits.
 */
const input = await new Promise<string>((resolve) => process.stdin.once('data', (chunk) => resolve(String(chunk))));
const { url, tokens } = JSON.parse(input) as { url: string; tokens: string[] };
const controller = new AbortController();
let changed = 0;
const EVENT = 'event: changed\n';
/** Counts the `changed` events of one stream, whatever chunks its bytes come in; `connected` on its first bytes. */
function counter(connected: () => void): WritableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let tail = '';
  return new WritableStream({
    write(chunk) {
      connected();
      const text = tail + decoder.decode(chunk, { stream: true });
      changed += text.split(EVENT).length - 1;
      // An event name cut by the chunk's end is completed by the next one.
      tail = text.endsWith(EVENT) ? '' : text.slice(-(EVENT.length - 1));
    },
  });
}
const statuses = await Promise.all(
  tokens.flatMap((token) =>
    PULL_COLLECTIONS.map(async (collection) => {
      const res = await fetch(`${url}/api/v1/sync/${collection}/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
      if (res.status !== 200 || !res.body) return res.status;
      // Drain in the background, as a device reads every event; the first is the `connected` resync.
      await new Promise<void>((connected) => void res.body!.pipeTo(counter(connected)).catch(() => undefined));
      return res.status;
    }),
  ),
);
const refused = statuses.filter((status) => status !== 200).length;
if (refused > 0) throw new Error(`${refused} streams refused`);
const opened = changed;
process.stdout.write(`open ${statuses.length}\n`);
process.stdin.once('end', () => {
  controller.abort();
  process.stdout.write(`changed ${changed - opened}\n`, () => process.exit(0));
});
process.stdin.resume();
