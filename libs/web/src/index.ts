export * from './api-client';
export * from './app-config';
export * from './live-events';
export * from './preferences';
export * from './remote-screens';
export * from './session';
export * from './storage';
export * from './theme';
