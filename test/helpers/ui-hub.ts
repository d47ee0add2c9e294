import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO, type DemoPerson } from '../../src/server/commands/demo-course.ts';
import type { SessionResponse } from '../../src/contracts/session-dtos.ts';
import { seedDemo } from '../../src/server/commands/seed-demo.ts';
import { generateStrongToken } from '../../src/server/config.ts';
import { launchChromium } from './chromium.ts';
import { freePort, ServerProcess } from './server-process.ts';
import { startTestServer, type TestServer } from './server.ts';
import { fixtureStamp } from './api-fixtures.ts';
import { expectScreen, openTab } from './ui-screens.ts';

/** A JSON request to a server of the rig (the hub, the device, or the hub for a moment on another port) that must answer 200. */
export async function callOk<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** Sync waits on real processes and the network: generous bounds, never a timing assertion. */
export const SYNC = { timeout: 60_000 };

/** The sync status line every signed-in screen shows. */
export const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });

/**
 * Connects a fresh device to the hub through the first-run screen's `Connect to a hub` form, as `person`, and waits
 * until the device shows itself signed in and synced.
 */
export async function connectToHub(page: Page, deviceUrl: string, hubUrl: string, person: DemoPerson): Promise<void> {
  await page.goto(deviceUrl);
  await expectScreen(page, 'Set up Outpost');
  await page.getByRole('link', { name: 'Connect to a hub' }).click();
  await expectScreen(page, 'Connect to a hub');
  await page.getByRole('textbox', { name: 'Hub address' }).fill(hubUrl);
  await page.getByRole('textbox', { name: 'Email' }).fill(person.login);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expectScreen(page, 'Sync');
  expect(await page.getByTestId('signed-in-user').textContent()).toBe(`Signed in as ${person.name}`);
  await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced/);
}

/**
 * What every hub e2e test stands on: a hub in a second process seeded with the demo course, a fresh device in this
 * process (not yet connected) and a browser. The hub can be stopped and started again on its port, or started for a
 * moment on another port the device does not know.
 */
export class HubRig {
  readonly adminToken = generateStrongToken();
  readonly #hubDir = mkdtempSync(join(tmpdir(), 'outpost-hub-'));
  #hubPort = 0;
  hub!: ServerProcess;
  device!: TestServer;
  browser!: Browser;
  courseId!: number;

  async start(): Promise<void> {
    this.#hubPort = await freePort();
    this.hub = await this.startHub();
    ({ courseId: this.courseId } = await seedDemo(this.hub.url, this.adminToken));
    this.device = await startTestServer();
    this.browser = await launchChromium();
  }

  /**
   * A tab (of `viewport` size) on the device, connected to the hub as the demo's teacher, and a token of that teacher
   * on the device for the test's own API calls there.
   */
  async connectTeacherDevice(viewport?: { width: number; height: number }): Promise<{ page: Page; token: string }> {
    const page = await openTab(this.browser, viewport);
    await connectToHub(page, this.device.url, this.hub.url, DEMO.teacher);
    const { user } = (await (await page.request.get(`${this.device.url}/api/v1/login/session`)).json()) as SessionResponse;
    const { visibleToken } = await this.device.core.services.tokens.issue({ userId: user.id, purpose: 'e2e' }, fixtureStamp());
    return { page, token: visibleToken };
  }

  /** A read of the hub's API as its admin. */
  onHub<T>(path: string): Promise<T> {
    return callOk<T>(this.hub.url, this.adminToken, 'GET', path);
  }

  /** The hub's data directory served again: on its own port by default. */
  startHub(port = this.#hubPort): Promise<ServerProcess> {
    return ServerProcess.start({ dataDir: this.#hubDir, port, adminToken: this.adminToken });
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await this.device?.stop();
    await this.hub?.stop();
    rmSync(this.#hubDir, { recursive: true, force: true });
  }
}
