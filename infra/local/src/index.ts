export * from './ports';
export * from './servers';
export * from './system-packages';
export * from './environment';
export * from './processes';
export * from './backing-servers';
export * from './stack';
export * from './statement-keys';
export * from './round-robin-proxy';
export * from '../identity-provider/identity-provider';
export {
  DEMO_PEOPLE,
  DEMO_GROUP_ROLES,
  DEMO_CLINICAL_GROUP,
  DEMO_UNMAPPED_GROUP,
} from '../identity-provider/demo-people';
export * from '../identity-provider/local-sso';
