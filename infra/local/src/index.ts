export * from './ports';
export * from './servers';
export * from './system-packages';
export * from './environment';
export * from './processes';
export * from './backing-servers';
export * from './stack';
export * from './statement-keys';
