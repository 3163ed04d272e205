/**
 * Users for tests that only need people by name: each signs in with their login as password, and
 * the administrator is always there (a test that calls as nobody in particular calls as admin).
 */
export const ALICE = { login: 'alice', password: 'alice' };
export const BOB = { login: 'bob', password: 'bob' };

/** The administrator, then these users as non-administrators: the emulator's `users` option. */
export function withAdmin(...members: { login: string; password: string }[]) {
  return [
    { login: 'admin', password: 'admin', admin: true },
    ...members.map((member) => ({ ...member, admin: false })),
  ];
}
