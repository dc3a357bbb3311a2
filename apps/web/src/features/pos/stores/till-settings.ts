/**
 * The till's own preferences, kept in this browser (issue 20): whether a scan that finds
 * nothing beeps. Switched at the till, where the cashier hears it.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const TILL_SETTINGS_KEY = 'duka-till-settings';

interface TillSettings {
  beep: boolean;
  setBeep: (beep: boolean) => void;
}

export const useTillSettings = create<TillSettings>()(
  persist(
    (set) => ({
      beep: true,
      setBeep: (beep) => set({ beep }),
    }),
    {
      name: TILL_SETTINGS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ beep }) => ({ beep }),
    },
  ),
);
