import type { ClassDevice, ClassroomShare, NearbyHub } from '../../../contracts/classroom-dtos.ts';
import type { Http } from './http.ts';

/** Sharing with the class from the teacher's Outpost, and finding classroom hubs on the LAN (docs/classroom-hub.md). */
export function classroomCalls(http: Http) {
  return {
    classroomShare: () => http.getOne<ClassroomShare>('/api/v1/classroom'),
    classroomShareChanged: (share: boolean) => http.writeJson<ClassroomShare>('PUT', '/api/v1/classroom', { share }),
    classroomDevices: () => http.getAll<ClassDevice>('/api/v1/classroom/devices'),
    nearbyHubs: () => http.getOne<NearbyHub[]>('/api/v1/sync/hub/nearby'),
  };
}
