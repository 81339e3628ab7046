export * from './api.ts';
export * from './enums.ts';
export * from './formatters.ts';
export * from './paging.ts';
export * from './session.ts';
export * from './validators.ts';
