import { vi } from 'vitest';
import type { SignedInUser } from '../features/auth/auth.ts';

/** The demo student as the auth module would give it (component tests of signed-in pages). */
export const fakeStudent: SignedInUser = {
  access_token: 'tok',
  profile: { sub: 't:u', preferred_username: 'student' },
};

/**
 * A stand-in for `features/auth/auth.ts` with the student signed in, for
 * `vi.mock(<path to auth.ts>, () => import(<path to this file>).then((m) => m.signedInAuth()))`.
 */
export function signedInAuth(user: SignedInUser = fakeStudent) {
  return {
    currentUser: async () => user,
    accessToken: async () => user.access_token,
    watchUser: () => () => {},
    signIn: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    startSilentRenew: () => {},
    stopSilentRenew: () => {},
  };
}
