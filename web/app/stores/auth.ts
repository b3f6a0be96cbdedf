import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
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
  signIn: (token: string, remember: boolean) => void;
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
      signIn: (token, remember) => {
        setToken(token, remember);
        set({ signedIn: true });
      },
      dropSession: () => {
        removeToken();
        set({ signedIn: false });
      },
      signOut: () => {
        removeToken();
        useBasketStore.getState().clearBasket();
        set({ signedIn: false });
      },
    }),
    {
      name: 'detal-auth',
      storage: createJSONStorage(() => localStorage),
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
