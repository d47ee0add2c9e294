import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PORT, defaultDataDir, parsePort, readServerEnv } from '../../src/server/config.ts';

describe('server configuration from the environment', () => {
  it('defaults to loopback, port 4477 and the per-user data directory', () => {
    const config = readServerEnv({ HOME: '/home/ada' });
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(DEFAULT_PORT);
    expect(config.dataDir).toBe(defaultDataDir(process.platform, { HOME: '/home/ada' }));
  });

  it('reads OUTPOST_DATA_DIR, OUTPOST_HOST and OUTPOST_PORT', () => {
    expect(readServerEnv({ OUTPOST_DATA_DIR: '/d', OUTPOST_HOST: '::1', OUTPOST_PORT: '0' })).toEqual({
      dataDir: '/d',
      host: '::1',
      port: 0,
      classroom: { auto: false, port: 4478 },
    });
  });

  it('reads OUTPOST_CLASSROOM_HUB and OUTPOST_CLASSROOM_PORT, refusing anything but 1 or 0 for the switch', () => {
    expect(readServerEnv({ OUTPOST_CLASSROOM_HUB: '1', OUTPOST_CLASSROOM_PORT: '0' }).classroom).toEqual({ auto: true, port: 0 });
    expect(readServerEnv({ OUTPOST_CLASSROOM_HUB: '0' }).classroom.auto).toBe(false);
    expect(() => readServerEnv({ OUTPOST_CLASSROOM_HUB: 'yes' })).toThrow(/OUTPOST_CLASSROOM_HUB must be 1 or 0/);
    expect(() => readServerEnv({ OUTPOST_CLASSROOM_PORT: '99999' })).toThrow(/OUTPOST_CLASSROOM_PORT must be an integer/);
  });

  it('uses each platform’s data directory convention', () => {
    expect(defaultDataDir('linux', {}, '/home/ada')).toBe('/home/ada/.local/share/Outpost');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/xdg' }, '/home/ada')).toBe('/xdg/Outpost');
    expect(defaultDataDir('darwin', {}, '/Users/ada')).toBe('/Users/ada/Library/Application Support/Outpost');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'C:\\Users\\ada')).toMatch(/Roaming[\\/]Outpost$/);
  });

  it.each(['abc', '-1', '65536', '4477abc', '1e3', '44.7'])('rejects the port %j with a readable error', (raw) => {
    expect(() => parsePort(raw)).toThrow(ConfigError);
    expect(() => parsePort(raw)).toThrow(/OUTPOST_PORT must be an integer from 0 to 65535/);
  });

  it('accepts the whole port range', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('65535')).toBe(65535);
    expect(parsePort(' 8080 ')).toBe(8080);
  });
});
