export * from './contract-form';
export * from './form-fields';
