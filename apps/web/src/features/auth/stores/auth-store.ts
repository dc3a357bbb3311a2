/**
 * Who is signed in (spec §3 User, §4 Auth). The session itself is an httpOnly cookie; this
 * store only remembers the user between page loads, under 'auth-storage', version 1.
 */
import type { LoginInput, RegisterInput, User } from '@duka/shared/auth/auth.schemas';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ApiRequestError, errorMessage, isNetworkFailure } from '@/lib/api-client';
import { getMeRequest, loginRequest, logoutRequest, registerRequest } from '../api/auth-api';

export const AUTH_STORAGE_KEY = 'auth-storage';
export const AUTH_STORAGE_VERSION = 1;

export interface PersistedAuth {
  user: User | null;
  isAuthenticated: boolean;
}

export interface AuthState extends PersistedAuth {
  isLoading: boolean;
  error: string | null;
  /** False until the start-up session check has answered; the route guard waits for it. */
  sessionChecked: boolean;
  login: (input: LoginInput) => Promise<User>;
  register: (input: RegisterInput) => Promise<User>;
  logout: () => Promise<void>;
  /**
   * 'unreachable': no answer (offline); the last known person stays signed in on this device
   * (issue 22) and the check is worth repeating when the connection returns.
   */
  checkSession: () => Promise<'answered' | 'unreachable'>;
  setUser: (user: User) => void;
  clearSession: () => void;
}

/** Version 0 kept the same two fields among others; keep them and drop the rest. */
export function migrateAuthState(persisted: unknown, version: number): PersistedAuth {
  const state = (typeof persisted === 'object' && persisted !== null ? persisted : {}) as Partial<
    Record<keyof PersistedAuth, unknown>
  >;
  if (version > AUTH_STORAGE_VERSION) return { user: null, isAuthenticated: false };
  const user = typeof state.user === 'object' && state.user !== null ? (state.user as User) : null;
  return { user, isAuthenticated: Boolean(state.isAuthenticated) && user !== null };
}

// Bumped by every sign-in and sign-out, so that a session check answered after one of them
// (it was asked before the session changed) cannot undo it.
let sessionGeneration = 0;

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      isAuthenticated: false,
      isLoading: false,
      error: null,
      sessionChecked: false,

      login: async (input) => {
        sessionGeneration += 1;
        set({ isLoading: true, error: null });
        try {
          const user = await loginRequest(input);
          set({ user, isAuthenticated: true, isLoading: false, sessionChecked: true });
          return user;
        } catch (error) {
          set({ isLoading: false, error: errorMessage(error, 'Login failed') });
          throw error;
        }
      },

      register: async (input) => {
        sessionGeneration += 1;
        set({ isLoading: true, error: null });
        try {
          const user = await registerRequest(input);
          set({ user, isAuthenticated: true, isLoading: false, sessionChecked: true });
          return user;
        } catch (error) {
          set({ isLoading: false, error: errorMessage(error, 'Registration failed') });
          throw error;
        }
      },

      logout: async () => {
        sessionGeneration += 1;
        try {
          await logoutRequest();
        } finally {
          // Spec §4: signed out locally even when the call fails; the caller still hears of it.
          set({ user: null, isAuthenticated: false, error: null });
        }
      },

      checkSession: async () => {
        const generation = sessionGeneration;
        const outdated = () => generation !== sessionGeneration;
        try {
          const response = await getMeRequest();
          if (outdated()) return 'answered';
          if (response.authenticated && response.data) {
            set({ user: response.data, isAuthenticated: true, error: null });
          } else {
            set({ user: null, isAuthenticated: false });
          }
          return 'answered';
        } catch (error) {
          if (outdated()) return 'answered';
          // Issue 22: no connection is not "signed out". The till starts offline for the person
          // last signed in here; the server still checks the session cookie on every call, and
          // a 401 then signs out (app/api-setup.ts).
          if (isNetworkFailure(error)) return 'unreachable';
          set({ user: null, isAuthenticated: false });
          // Spec §8: a 401 here simply means signed out; anything else is reported.
          if (!(error instanceof ApiRequestError && error.status === 401)) {
            set({ error: errorMessage(error, 'Session check failed') });
            throw error;
          }
          return 'answered';
        } finally {
          set({ sessionChecked: true });
        }
      },

      setUser: (user) => set({ user, isAuthenticated: true }),
      clearSession: () => set({ user: null, isAuthenticated: false }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: AUTH_STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedAuth => ({
        user: state.user,
        isAuthenticated: state.isAuthenticated,
      }),
      migrate: migrateAuthState,
    },
  ),
);
