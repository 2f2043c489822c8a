/**
 * The studio's one contract, as the rest of the code imports it. The table and its types are
 * assembled in api/index.ts from one schema file per domain (api/runs.ts, api/candidates.ts, …).
 */
export * from './api/index';
