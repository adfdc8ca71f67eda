/**
 * How long a failed inbound update waits before its next try: 5 s, doubling, at most an hour. A channel keeps
 * redelivering on its own only until it is answered 2xx; after that, this is the only retry there is.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}
