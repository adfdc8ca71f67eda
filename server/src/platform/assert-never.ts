/** The end of an exhaustive `switch`: a new case that is not handled fails to compile here. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
