import { describe, expect, it } from 'vitest';
import { ConfigError, readServerEnv } from '../../src/server/config.ts';

// Fixed, so the test names (which print the env) stay the same from run to run.
const TOKEN = `lms_${'Ab3_'.repeat(11)}`;

describe('OUTPOST_HUB_URL / OUTPOST_HUB_TOKEN', () => {
  it('configures the hub only when both are set', () => {
    expect(readServerEnv({ OUTPOST_DATA_DIR: '/d' }).hub).toBeUndefined();
    expect(readServerEnv({ OUTPOST_DATA_DIR: '/d', OUTPOST_HUB_URL: 'https://hub.example.test', OUTPOST_HUB_TOKEN: TOKEN }).hub).toEqual({
      url: 'https://hub.example.test/',
      token: TOKEN,
    });
  });

  it.each([
    [{ OUTPOST_HUB_URL: 'https://hub.example.test' }, /set together/],
    [{ OUTPOST_HUB_TOKEN: TOKEN }, /set together/],
    [{ OUTPOST_HUB_URL: 'hub.example.test', OUTPOST_HUB_TOKEN: TOKEN }, /http\(s\) URL/],
    [{ OUTPOST_HUB_URL: 'file:///etc', OUTPOST_HUB_TOKEN: TOKEN }, /http\(s\) URL/],
    [{ OUTPOST_HUB_URL: 'https://hub.example.test', OUTPOST_HUB_TOKEN: 't' }, /OUTPOST_HUB_TOKEN must be at least 32 random bytes/],
  ])('refuses %j', (env, message) => {
    expect(() => readServerEnv({ OUTPOST_DATA_DIR: '/d', ...env })).toThrow(ConfigError);
    expect(() => readServerEnv({ OUTPOST_DATA_DIR: '/d', ...env })).toThrow(message);
  });
});
