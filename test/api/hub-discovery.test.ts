import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceHub, findHubs, type FoundHub } from '../../src/server/sync/hub-discovery.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** Whether an announcement here is heard here: multicast on this machine's interfaces (containers may have none). */
async function multicastWorks(): Promise<boolean> {
  const name = `probe ${randomUUID()}`;
  const probe = announceHub(name, 9);
  try {
    for (let i = 0; i < 3; i++) if ((await findHubs(1_500)).some((hub) => hub.name === name)) return true;
    return false;
  } finally {
    await probe.stop();
  }
}

const canMulticast = await multicastWorks();
if (!canMulticast) console.log('hub discovery: skipped, an mDNS announcement on this machine is not heard on it (no multicast route)');

/** DNS-SD for real: a classroom hub's announcement of `_outpost._tcp`, found through the local API `Connect to a hub` calls. */
describe.skipIf(!canMulticast)('hubs found on this network', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const nearby = async (): Promise<FoundHub[]> => {
    const res = await fetch(`${server.url}/api/v1/sync/hub/nearby`);
    expect(res.status).toBe(200);
    return (await res.json()) as FoundHub[];
  };

  it('lists an announced hub with its name and typeable address, and forgets it once it stops', async () => {
    const name = `Ms Okafor's class ${randomUUID().slice(0, 8)}`;
    const announcement = announceHub(name, 45_678);
    const ours = (hubs: FoundHub[]) => hubs.filter((hub) => hub.name === name);
    await expect.poll(async () => ours(await nearby()).length, { timeout: 15_000, interval: 0 }).toBeGreaterThan(0);
    for (const hub of ours(await nearby())) expect(hub.url).toMatch(/^http:\/\/[\d.]+:45678$/);
    await announcement.stop();
    await expect.poll(async () => ours(await nearby()), { timeout: 15_000, interval: 0 }).toEqual([]);
  });

  it('answers only whoever may connect this installation once it is set up', async () => {
    const setUp = await fetch(`${server.url}/api/v1/outpost/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Admin', unique_id: 'admin@example.org', password: 'correct horse battery' }),
    });
    expect(setUp.status).toBe(200);
    const res = await fetch(`${server.url}/api/v1/sync/hub/nearby`);
    expect(res.status).toBe(401);
    expect(await res.json()).toHaveProperty('errors');
  });
});
