import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { DemoPerson } from '../../src/server/commands/demo-course.ts';
import { expectScreen } from './ui-screens.ts';

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
