import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface BurstAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const CHILD = new URL('../fixtures/parallel-requests.ts', import.meta.url).pathname;

/**
 * `count` requests sent at the same moment from another process (test/fixtures/parallel-requests.ts), each with
 * its own body when `bodies` is given and the header sets taken in turn; the answers in the order sent.
 */
export async function sendAtOnce(url: string, count: number, init: { method: string; headers: Record<string, string>[]; bodies?: string[] }): Promise<BurstAnswer[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [CHILD, JSON.stringify({ url, count, init })], { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as BurstAnswer[];
}
