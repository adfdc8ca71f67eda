/** The time source services use, so tests can move time forward (code expiry, session expiry). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
