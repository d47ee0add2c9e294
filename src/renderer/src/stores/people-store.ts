import { create } from 'zustand';
import type { EnrollmentType } from '../../../contracts/lms-dtos.ts';
import { ApiError } from '../api/api-error.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi } from './session-store.ts';

/** What became of each address of an `Add people` request. */
export interface PeopleAdded {
  added: string[];
  /** Addresses no user signs in with: nobody was enrolled for them. */
  unmatched: string[];
}

interface PeopleStore {
  /**
   * Enrols the users with these addresses, one at a time, in `sectionId` with `type`; an address that matches nobody
   * is reported, not fatal. Any other refusal (a role the caller may not give) stops the request and is thrown; the
   * roster is read again either way, as the addresses before it may have been enrolled.
   */
  peopleAddRequested: (courseId: number, addresses: readonly string[], type: EnrollmentType, sectionId: number) => Promise<PeopleAdded>;
}

export const usePeopleStore = create<PeopleStore>()(() => ({
  peopleAddRequested: async (courseId, addresses, type, sectionId) => {
    const api = currentApi();
    const outcome: PeopleAdded = { added: [], unmatched: [] };
    try {
      for (const address of addresses) {
        try {
          await api.enrollByLogin(courseId, address, type, sectionId);
          outcome.added.push(address);
        } catch (error) {
          if (!(error instanceof ApiError && error.kind === 'not_found')) throw error;
          outcome.unmatched.push(address);
        }
      }
    } finally {
      await useResourceStore.getState().resourceStale(resources.people(courseId));
    }
    return outcome;
  },
}));

/** The addresses in what a teacher typed or pasted: separated by commas, semicolons, spaces or lines; each once. */
export function addressesIn(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((address) => address !== ''))];
}
