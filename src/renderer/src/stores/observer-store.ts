import { create } from 'zustand';

interface ObserverStore {
  /** The linked student an observer chose last; kept across courses and sections until sign-out. */
  chosen?: number;
  studentChosen: (studentId: number) => void;
}

export const useObserverStore = create<ObserverStore>()((set) => ({
  studentChosen: (studentId) => set({ chosen: studentId }),
}));
