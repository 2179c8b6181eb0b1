// Public surface of shared-auth. Each line is one concern; the files say what they hold.
export * from './client';
export * from './download';
export * from './api-image';
export * from './session';
export * from './auth-flow';
export * from './account';
export * from './device';
export * from './permissions';
export * from './swr-cache';
export * from './push';
export * from './live';
export * from './reachability';
export * from './preferences';
export * from './mfe';
