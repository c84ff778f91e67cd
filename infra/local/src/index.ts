export * from './ports';
export * from './servers';
export * from './system-packages';
