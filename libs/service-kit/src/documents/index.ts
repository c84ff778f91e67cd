export * from './document-refused.error';
export * from './document-types';
export * from './safe-file-name';
export * from './photo-processing';
export * from './document-inspection';
