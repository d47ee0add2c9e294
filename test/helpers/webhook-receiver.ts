import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { generate } from 'selfsigned';

const RECEIVER = new URL('../fixtures/webhook-receiver.ts', import.meta.url).pathname;

export interface ReceivedRequest {
  headers: Record<string, string>;
  body: string;
}

export interface Receiver {
  url: string;
  /** The receiver's self-signed certificate: the sender trusts it (tests only). */
  ca: string;
  requests: ReceivedRequest[];
  stop(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made fresh each run. */
export async function localCertificate(): Promise<{ cert: string; key: string }> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  return { cert: pems.cert, key: pems.private };
}

/** Starts the receiver process with its scripted replies; resolves once it listens. */
export async function startReceiver(certificate: { cert: string; key: string }, script: string[] = []): Promise<Receiver> {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-receiver-'));
  writeFileSync(join(dir, 'cert.pem'), certificate.cert);
  writeFileSync(join(dir, 'key.pem'), certificate.key);
  const child: ChildProcess = spawn(process.execPath, [RECEIVER, join(dir, 'cert.pem'), join(dir, 'key.pem'), ...script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const requests: ReceivedRequest[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`receiver exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('port ')) resolve(Number(line.slice(5)));
      else if (line.startsWith('request ')) requests.push(JSON.parse(line.slice(8)) as ReceivedRequest);
    });
  });
  return {
    url: `https://127.0.0.1:${port}/hook`,
    ca: certificate.cert,
    requests,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
