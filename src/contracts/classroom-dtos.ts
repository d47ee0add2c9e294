/** `GET`/`PUT /api/v1/classroom`: whether this Outpost shares with its class, and the address the class types. */
export interface ClassroomShare {
  sharing: boolean;
  url: string | null;
  /** The address as a QR code: an SVG data URL, null while not sharing. */
  qr_code: string | null;
  urls: string[];
  port: number | null;
  course_ids: number[];
  people: number;
  refreshed_at: string | null;
}

/** One row of `GET /api/v1/classroom/devices`. */
export interface ClassDevice {
  user_id: number;
  name: string;
  kind: 'device' | 'browser';
  last_sync_at: string;
  waiting: number;
}

/** One of `GET /api/v1/sync/hub/nearby`: a hub announcing itself on this network. */
export interface NearbyHub {
  name: string;
  url: string;
}
