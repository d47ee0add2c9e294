import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/boot.ts';
import { ConfigError, generateStrongToken, readServerEnv } from '../../src/server/config.ts';
import { rawRequest } from '../helpers/http-raw.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const ADMIN = generateStrongToken();
const HUB_NAME = 'lms.school.test';
const dirs = tempDirs();
afterAll(() => dirs.removeAll());

describe('a hub binds beyond loopback only when told the host names it answers to', () => {
  it('OUTPOST_HOST=0.0.0.0 without OUTPOST_ALLOWED_HOSTS is refused before anything is written', async () => {
    const dataDir = `${dirs.make()}/data`;
    const start = startServer({ dataDir, host: '0.0.0.0', port: 0 });
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow('OUTPOST_HOST=0.0.0.0 lets other machines connect: set OUTPOST_ALLOWED_HOSTS to the host names they use');
    await expect(startServer({ dataDir, host: '::', port: 0 })).rejects.toBeInstanceOf(ConfigError);
  });

  it('OUTPOST_ALLOWED_HOSTS lists names, optionally with a port; anything else is a configuration error', () => {
    expect(readServerEnv({ OUTPOST_ALLOWED_HOSTS: ` ${HUB_NAME.toUpperCase()}, 10.0.0.5:8443 ,[fd00::5]` }).allowedHosts).toEqual([HUB_NAME, '10.0.0.5:8443', '[fd00::5]']);
    expect(readServerEnv({}).allowedHosts).toBeUndefined();
    for (const bad of ['https://lms.school.test', 'lms.school.test/path', 'fd00::5', 'a b']) {
      expect(() => readServerEnv({ OUTPOST_ALLOWED_HOSTS: bad }), bad).toThrow(/OUTPOST_ALLOWED_HOSTS must list host names/);
    }
  });

  describe('bound to 0.0.0.0 with OUTPOST_ALLOWED_HOSTS', () => {
    let hub: RunningServer;
    beforeAll(async () => {
      hub = await startServer({ dataDir: dirs.make(), host: '0.0.0.0', port: 0, allowedHosts: [HUB_NAME], adminToken: ADMIN, webhooks: false });
    });
    afterAll(() => hub.close());

    const health = (host: string, headers: Record<string, string> = {}) =>
      rawRequest(`http://127.0.0.1:${hub.port}`, { path: '/api/v1/health', headers: { host, ...headers } });

    it('answers the configured name, bare (behind a proxy) and with its port, and its loopback names', async () => {
      for (const host of [HUB_NAME, `${HUB_NAME}:${hub.port}`, `LMS.School.Test:${hub.port}`, `127.0.0.1:${hub.port}`, `localhost:${hub.port}`]) {
        expect((await health(host)).status, host).toBe(200);
      }
    });

    it('refuses any other Host with a 403 JSON error, look-alikes included', async () => {
      for (const host of ['evil.test', `evil.test:${hub.port}`, `${HUB_NAME}.evil.test`, `${HUB_NAME}:1`, `x${HUB_NAME}`, '0.0.0.0:' + hub.port]) {
        const res = await health(host);
        expect(res.status, host).toBe(403);
        expect(res.json()).toEqual({ errors: [{ message: 'Host not allowed.' }] });
      }
    });

    it('behind a TLS proxy on loopback: links are https and a write from the https origin is the hub\'s own', async () => {
      const auth = { authorization: `Bearer ${ADMIN}` };
      const listed = await rawRequest(`http://127.0.0.1:${hub.port}`, {
        path: '/api/v1/accounts/self/courses?per_page=5',
        headers: { host: HUB_NAME, 'x-forwarded-proto': 'https', ...auth },
      });
      expect(listed.status).toBe(200);
      expect(listed.headers.link).toContain(`<https://${HUB_NAME}/api/v1/accounts/self/courses?page=1&per_page=5>; rel="current"`);
      const write = (origin: string) =>
        rawRequest(`http://127.0.0.1:${hub.port}`, {
          method: 'POST',
          path: '/api/v1/accounts/self/courses',
          headers: { host: HUB_NAME, origin, 'x-forwarded-proto': 'https', 'content-type': 'application/json', ...auth },
          body: JSON.stringify({ course: { name: `From ${origin}` } }),
        });
      expect((await write(`https://${HUB_NAME}`)).status).toBe(200);
      expect((await write('https://evil.test')).status).toBe(403);
    });
  });

  it('a desktop install (loopback) keeps the loopback-only guard', async () => {
    const desktop = await startServer({ dataDir: dirs.make(), port: 0, webhooks: false });
    try {
      expect((await rawRequest(desktop.url, { path: '/api/v1/health', headers: { host: `localhost:${desktop.port}` } })).status).toBe(200);
      expect((await rawRequest(desktop.url, { path: '/api/v1/health', headers: { host: HUB_NAME } })).status).toBe(403);
    } finally {
      await desktop.close();
    }
  });
});
