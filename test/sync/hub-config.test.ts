import { describe, expect, it } from 'vitest';
import { ConfigError, readServerEnv } from '../../src/server/config.ts';

describe('OUTPOST_HUB_URL / OUTPOST_HUB_TOKEN', () => {
  it('configures the hub only when both are set', () => {
    expect(readServerEnv({ OUTPOST_DATA_DIR: '/d' }).hub).toBeUndefined();
    expect(readServerEnv({ OUTPOST_DATA_DIR: '/d', OUTPOST_HUB_URL: 'https://hub.example.test', OUTPOST_HUB_TOKEN: 't' }).hub).toEqual({
      url: 'https://hub.example.test/',
      token: 't',
    });
  });

  it.each([
    [{ OUTPOST_HUB_URL: 'https://hub.example.test' }, /set together/],
    [{ OUTPOST_HUB_TOKEN: 't' }, /set together/],
    [{ OUTPOST_HUB_URL: 'hub.example.test', OUTPOST_HUB_TOKEN: 't' }, /http\(s\) URL/],
    [{ OUTPOST_HUB_URL: 'file:///etc', OUTPOST_HUB_TOKEN: 't' }, /http\(s\) URL/],
  ])('refuses %j', (env, message) => {
    expect(() => readServerEnv({ OUTPOST_DATA_DIR: '/d', ...env })).toThrow(ConfigError);
    expect(() => readServerEnv({ OUTPOST_DATA_DIR: '/d', ...env })).toThrow(message);
  });
});
