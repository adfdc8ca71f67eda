/**
 * The whole contract, for lib/schemas.ts's dynamic import alone. Importing `@kreechat/contract` itself there would
 * put every schema (and zod) in the first download: its static importers (constants) share that module.
 */
export * from '@kreechat/contract';
