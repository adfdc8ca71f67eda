/**
 * The note a logout leaves for the login screen. Apart from the logout call itself (logout.ts), so that the login
 * screen reads it without loading the data layer.
 */
export interface LogoutOptions {
  /** A note for the login screen, e.g. why the user was logged out. */
  notice?: LogoutNotice;
}
export type LogoutNotice = 'profileUpdated' | 'passwordChanged';

let expected: LogoutNotice | null = null;

/**
 * Says, before a call that ends the session on the server (an e-mail or password change), what the login screen
 * should tell the user. Any other call answering 401 meanwhile sends the tab to /login at once, unmounting the
 * screen whose own navigation would have carried the note; the login screen takes it from here then.
 */
export function expectLogout(notice: LogoutNotice | null) {
  expected = notice;
}

/** The note said by {@link expectLogout}; the login screen clears it (`expectLogout(null)`) once shown. */
export const expectedLogout = (): LogoutNotice | null => expected;
