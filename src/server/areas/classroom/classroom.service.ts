import QRCode from 'qrcode';
import type { CoreServices } from '../../core-services.ts';
import type { ClassDeviceRow } from './classroom.serializer.ts';

/**
 * Who used the classroom hub lately (decision 0128): Outposts by their device token (every sync request is a
 * contact, naming the changes it still has to send), browsers by their session on the LAN listener (nothing waits
 * in a browser: its writes are made here). Newest first; only the class's people and its teacher.
 */
export async function classDevices(services: CoreServices): Promise<ClassDeviceRow[]> {
  const { classroom, sync, repos } = services;
  const devices = sync.contacts.seen().map((seen) => ({ user_id: seen.user_id, kind: 'device' as const, last_sync_at: seen.at, waiting: seen.waiting }));
  const now = Date.now();
  // A session signed out since is no browser in the room (an Outpost signs in once to get its device token, too).
  const live = await Promise.all(classroom.browsers().map(async (seen) => ((await services.sessions.isLive(seen.session_id, now)) ? [seen] : [])));
  const browsers = live.flat().map((seen) => ({ user_id: seen.user_id, kind: 'browser' as const, last_sync_at: seen.at, waiting: 0 }));
  const rows = [...devices, ...browsers].filter((row) => classroom.admits(row.user_id));
  const users = await repos.users.getMany([...new Set(rows.map((row) => row.user_id))]);
  return rows.map((row) => ({ ...row, name: users.get(row.user_id)?.data.name ?? '' })).sort((a, b) => b.last_sync_at - a.last_sync_at);
}

/**
 * The classroom address as a QR code, an SVG data URL a phone camera reads (decision 0129): drawn here so the
 * renderer needs no library and its CSP (`img-src 'self' data:`) holds. None while not sharing.
 */
export async function addressQrCode(url: string | null): Promise<string | null> {
  if (url === null) return null;
  const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
