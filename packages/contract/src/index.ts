export * from './api';
export * from './apps';
export * from './constants';
export * from './errors';
export * from './openapi';
export * from './permissions';
export * from './validation';
export * from './actions/index';
export type { ClientConfig, OpenApiDocument } from './actions/system';
