import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

const SERVE = new URL('../../scripts/serve.ts', import.meta.url).pathname;

/**
 * `npm run serve` as a real second process over a data directory, so a test can stop it (the hub goes away) and
 * start it again on the same or another port while the device in the test process keeps running.
 */
export class ServerProcess {
  private readonly child: ChildProcess;
  readonly url: string;

  private constructor(child: ChildProcess, url: string) {
    this.child = child;
    this.url = url;
  }

  /** With `hub`, the process is a device syncing with that hub as the token's user. */
  static async start(options: { dataDir: string; port: number; adminToken: string; hub?: { url: string; token: string }; env?: Record<string, string> }): Promise<ServerProcess> {
    const child = spawn(process.execPath, [SERVE], {
      env: {
        ...process.env,
        OUTPOST_DATA_DIR: options.dataDir,
        OUTPOST_PORT: String(options.port),
        OUTPOST_ADMIN_TOKEN: options.adminToken,
        ...(options.hub ? { OUTPOST_HUB_URL: options.hub.url, OUTPOST_HUB_TOKEN: options.hub.token } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listening = new Promise<string>((resolve, reject) => {
      const onData = (data: Buffer) => {
        output += data.toString();
        const match = /Outpost listening on (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before listening:\n${output}`)));
    });
    return new ServerProcess(child, await listening);
  }

  /** SIGTERM, as a person stopping it would; resolves once the process has exited (its data dir is free again). */
  stop(): Promise<void> {
    return this.#signal('SIGTERM');
  }

  /** SIGKILL (kill -9): no shutdown of any kind, as a crash or a power cut would leave the data dir. */
  kill(): Promise<void> {
    return this.#signal('SIGKILL');
  }

  async #signal(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill(signal);
    await exited;
  }
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}
