import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The system Chromium (Debian package `chromium`); OUTPOST_CHROMIUM overrides the path. */
export const CHROMIUM_PATH = process.env.OUTPOST_CHROMIUM ?? '/usr/bin/chromium';

/**
 * A fake microphone and camera (a tone and a test pattern), granted without the permission prompt: what the
 * recording tests need from a machine that has neither.
 */
export const FAKE_MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] as const;

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install the Debian package "chromium" or set OUTPOST_CHROMIUM.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // No sandbox because CI runs as root; the rest keeps Chromium off the (absent) network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
