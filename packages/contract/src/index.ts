export * from './common';
export * from './password';
export * from './countries';
export * from './auth';
export * from './agents';
export * from './departments';
