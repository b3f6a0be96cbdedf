import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ClientProfile } from '@detal/contract';
import { readToken, removeToken, setToken } from '../lib/auth/token.ts';
import { useBasketStore } from './basket.ts';

/**
 * The browser's view of the session. The token itself stays in the `token` cookie (the request layer sends it);
 * this store mirrors whether one is held so that the header reacts at once to sign-in and sign-out.
 */
export interface AuthState {
  signedIn: boolean;
  /** False until the store has been read from storage after hydration; until then the server's answer counts. */
  hydrated: boolean;
  /**
   * The signed-in client as this page learned it (after a sign-in, or an account change); undefined while the
   * page knows only what the server rendered (the root loader's client-me), null when it knows nobody.
   */
  client: ClientProfile | null | undefined;
  signIn: (token: string, remember: boolean) => void;
  setClient: (client: ClientProfile) => void;
  /** The token is gone (401 or a failed session check): forget it, keep the basket. */
  dropSession: () => void;
  /** Logout: forgets the token and the basket ids (spec section 4). */
  signOut: () => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      signedIn: false,
      hydrated: false,
      client: undefined,
      signIn: (token, remember) => {
        setToken(token, remember);
        set({ signedIn: true, client: null });
      },
      setClient: (client) => set({ client }),
      dropSession: () => {
        removeToken();
        set({ signedIn: false, client: null });
      },
      signOut: () => {
        removeToken();
        useBasketStore.getState().clearBasket();
        set({ signedIn: false, client: null });
      },
    }),
    {
      name: 'detal-auth',
      storage: createJSONStorage(() => localStorage),
      // The profile is not stored: the server renders it from the token on every visit.
      partialize: ({ signedIn }) => ({ signedIn }),
      skipHydration: true,
      // The cookie is the truth: a session cookie ends with the browser while localStorage stays.
      onRehydrateStorage: () => () => {
        useAuthStore.setState({ signedIn: readToken() !== null, hydrated: true });
      },
    },
  ),
);

/** Signed in or not, hydration-safe: the server's answer (from the cookie it saw) until the store has hydrated. */
export function useSignedIn(serverSignedIn: boolean): boolean {
  const signedIn = useAuthStore((state) => state.signedIn);
  const hydrated = useAuthStore((state) => state.hydrated);
  return hydrated ? signedIn : serverSignedIn;
}

/**
 * The signed-in client to show (the header's name), hydration-safe: what this page learned itself once it has
 * learned anything, else the client the server rendered; nobody when signed out.
 */
export function useKnownClient(signedIn: boolean, serverClient: ClientProfile | null): ClientProfile | null {
  const known = useAuthStore((state) => state.client);
  if (!signedIn) return null;
  return known === undefined ? serverClient : known;
}
