/**
 * The contract's response schemas, loaded on first use: `parser('ticketListSchema')` parses like the schema but
 * fetches zod and the schemas with the first API call that needs them, in parallel with its request, instead of
 * before the first paint. api-client awaits the parse. Types still come from `import type` of the contract.
 */
import type * as Contract from '@kreechat/contract';
import { ApiError, NETWORK_ERROR_STATUS, type Parser } from './api-client';

type Contract = typeof Contract;
/** The contract's exports that parse: its schemas. */
export type SchemaName = {
  [K in keyof Contract]: Contract[K] extends { parse(data: unknown): unknown } ? K : never;
}[keyof Contract];
type Parsed<K extends SchemaName> = Contract[K] extends { parse(data: unknown): infer T } ? T : never;

let contract: Promise<Contract> | undefined;
/**
 * One dynamic import shared by every parser: the schemas' chunk is fetched once. A failed fetch (the server away)
 * is a network error of the call, and the next parse fetches again.
 */
function loadContract(): Promise<Contract> {
  contract ??= import('./contract-schemas').catch(() => {
    contract = undefined;
    throw new ApiError(NETWORK_ERROR_STATUS, 'No response received from server.');
  });
  return contract;
}

/** A parser for the contract's schema `name` that loads the schemas when it first parses. */
export function parser<K extends SchemaName>(name: K): Parser<Parsed<K>> {
  return {
    // The contract's own schema for `name`: its parse returns `Parsed<K>` (TypeScript cannot follow a generic key).
    parse: async (data) => ((await loadContract())[name] as unknown as Parser<Parsed<K>>).parse(data),
  };
}
