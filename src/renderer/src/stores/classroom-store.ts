import { create } from 'zustand';
import type { NearbyHub } from '../../../contracts/classroom-dtos.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { appApi, currentApi } from './session-store.ts';

interface ClassroomStore {
  /** Hubs found on this network by the last search; undefined until it answers. */
  nearby: NearbyHub[] | undefined;
  /** Turns `Share with my class` on or off; throws the server's refusal (no school hub reachable, say). */
  sharingChanged: (share: boolean) => Promise<void>;
  /** `Devices in this class` is on screen: its rows again now. */
  devicesRefreshed: () => Promise<void>;
  /** `Connect to a hub` opened: asks the local server to look for classroom hubs on the LAN. */
  nearbySearched: () => Promise<void>;
}

export const useClassroomStore = create<ClassroomStore>()((set) => ({
  nearby: undefined,
  sharingChanged: async (share) => {
    await currentApi().classroomShareChanged(share);
    const { resourceStale } = useResourceStore.getState();
    await Promise.all([resourceStale(resources.classroomShare()), resourceStale(resources.classroomDevices())]);
  },
  devicesRefreshed: () => useResourceStore.getState().resourceStale(resources.classroomDevices()),
  nearbySearched: async () => {
    // Connecting is open before first-run setup, so the search uses the app's client, signed in or not.
    try {
      set({ nearby: await appApi().nearbyHubs() });
    } catch {
      // Finding hubs is a convenience: without an answer the address is typed as before.
      set({ nearby: [] });
    }
  },
}));
