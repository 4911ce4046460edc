export * from './errors.ts';
export * from './roles.ts';
export * from './paging.ts';
export * from './enums.ts';
export * from './validators.ts';
export * from './api/user.ts';
export * from './api/system.ts';
