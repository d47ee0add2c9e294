import type { ClassroomState } from '../../sync/classroom-hub.ts';
import { isoOrNull } from '../common/api-values.ts';

/** One row of `Devices in this class` (decision 0128). */
export interface ClassDeviceRow {
  user_id: number;
  name: string;
  kind: 'device' | 'browser';
  last_sync_at: number;
  waiting: number;
}

/** The addresses the class can type: each LAN address with the listener's port; the first is the one shown. */
export function classroomUrls(state: ClassroomState): string[] {
  return state.port === null ? [] : state.addresses.map((address) => `http://${address}:${state.port}`);
}

/** The share as Settings shows it, with the QR code of the address shown (`qr_code`, an SVG data URL). */
export function classroomJson(state: ClassroomState, qrCode: string | null) {
  const urls = classroomUrls(state);
  return {
    sharing: state.sharing,
    url: urls[0] ?? null,
    qr_code: qrCode,
    urls,
    port: state.port,
    course_ids: state.course_ids,
    people: state.members,
    refreshed_at: isoOrNull(state.refreshed_at),
  };
}

export function classDeviceJson(row: ClassDeviceRow) {
  return { user_id: row.user_id, name: row.name, kind: row.kind, last_sync_at: new Date(row.last_sync_at).toISOString(), waiting: row.waiting };
}
