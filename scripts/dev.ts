import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

// `npm run dev`: the headless server, restarted by `node --watch` whenever a file it imports changes, and the
// renderer from Vite's dev server with hot module replacement, passing /api on to that server. Both in a browser:
// the desktop window shows the built renderer (`npm start`). OUTPOST_* variables configure the server as usual;
// keep OUTPOST_PORT fixed (the default is), since the proxy targets the port of the first start.
const root = join(import.meta.dirname, '..');

const server = spawn(process.execPath, ['--watch', join(root, 'src/server/cli.ts'), 'serve'], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
server.stdout.pipe(process.stdout);
const apiUrl = await firstStart(server).catch(() => {
  // The server has printed why (a taken port, say); nothing to proxy to.
  server.kill('SIGTERM');
  process.exit(1);
});

const nonce = randomBytes(16).toString('base64');
const vite = await createServer({
  configFile: false,
  root: join(root, 'src/renderer'),
  logLevel: 'warn',
  plugins: [react(), allowNonce(nonce)],
  html: { cspNonce: nonce },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': {
        target: apiUrl,
        // The server answers only Host names of its own port.
        changeOrigin: true,
        configure: (proxy) =>
          proxy.on('proxyReq', (proxyReq, req) => {
            // The server refuses writes whose Origin is foreign. A page of this dev server is the app itself, so
            // its Origin (the host it called) becomes the server's; any other page's stays foreign and refused.
            if (req.headers.origin === `http://${req.headers.host}`) proxyReq.setHeader('origin', apiUrl);
          }),
      },
    },
  },
});
await vite.listen();
console.log(`Outpost dev: the UI with hot reload at ${vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'} (API: ${apiUrl})`);

// The server closes its database before it exits; wait for that.
const stop = async (): Promise<void> => {
  const serverExit = server.exitCode === null ? once(server, 'exit') : undefined;
  server.kill('SIGTERM');
  await Promise.all([vite.close(), serverExit]);
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

/** The URL from the server's "listening" line; rejects when its first run ends before that. */
function firstStart(child: ChildProcessByStdio<null, Readable, null>): Promise<string> {
  return new Promise((resolve, reject) => {
    let printed = '';
    const onData = (chunk: Buffer): void => {
      printed += chunk.toString();
      const url = /Outpost listening on (\S+)/.exec(printed)?.[1];
      if (url) {
        child.stdout.off('data', onData);
        resolve(url);
      }
      // node --watch does not exit when its script does: it says so and waits for a file to change.
      else if (printed.includes('Failed running')) reject(new Error('the server did not start'));
    };
    child.stdout.on('data', onData);
    child.once('exit', () => reject(new Error('the server did not start')));
  });
}

/**
 * index.html's Content-Security-Policy allows same-origin scripts and styles only. Vite's dev server adds inline
 * ones (React's refresh preamble, the CSS of each module), marked with `html.cspNonce`; in dev the policy also
 * allows that per-run nonce. The built app never carries it.
 */
function allowNonce(value: string): Plugin {
  return {
    name: 'outpost-dev-csp-nonce',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/(script-src|style-src) 'self'/g, `$1 'self' 'nonce-${value}'`),
  };
}
