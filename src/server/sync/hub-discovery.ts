import { Bonjour, type Service } from 'bonjour-service';
import { isIPv4 } from 'node:net';

/** DNS-SD service type of an Outpost serving on the LAN: `_outpost._tcp` (decision 0129). */
const SERVICE_TYPE = 'outpost';

/** A hub that answered on this network: the name to show and the address to type. */
export interface FoundHub {
  name: string;
  url: string;
}

/** An announcement on the LAN; `stop` says goodbye so browsers drop it at once. */
export interface HubAnnouncement {
  stop(): Promise<void>;
}

/**
 * Announces `_outpost._tcp` on `port` under `name` by multicast DNS. A name already taken on the network, or a
 * network without multicast, leaves the hub unannounced but serving: the address can still be typed.
 */
export function announceHub(name: string, port: number): HubAnnouncement {
  const bonjour = new Bonjour({}, () => undefined);
  const service = bonjour.publish({ name, type: SERVICE_TYPE, port });
  service.on('error', () => undefined);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        bonjour.unpublishAll(() => bonjour.destroy(() => resolve()));
      }),
  };
}

/** Asks the LAN for `_outpost._tcp` and collects the answers that arrive within `waitMs`, one per address. */
export function findHubs(waitMs: number): Promise<FoundHub[]> {
  const bonjour = new Bonjour({}, () => undefined);
  const browser = bonjour.find({ type: SERVICE_TYPE });
  return new Promise<FoundHub[]>((resolve) => {
    setTimeout(() => {
      const found = new Map<string, FoundHub>();
      for (const service of browser.services) {
        const url = hubUrl(service);
        if (url && !found.has(url)) found.set(url, { name: service.name, url });
      }
      browser.stop();
      bonjour.destroy(() => resolve([...found.values()].sort((a, b) => a.name.localeCompare(b.name))));
    }, waitMs);
  });
}

/** The IPv4 address the hub listed (what a person can type), else the one it answered from. */
function hubUrl(service: Service): string | undefined {
  const address = service.addresses?.find((a) => isIPv4(a)) ?? service.referer?.address;
  return address ? `http://${address.includes(':') ? `[${address}]` : address}:${service.port}` : undefined;
}
