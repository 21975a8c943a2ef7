/** Every descriptor of the API. The server registers these; the OpenAPI document lists them. */
import type { ApiDescriptor } from '../api';
import * as system from './system';

export { system };

export const ALL_DESCRIPTORS: readonly ApiDescriptor[] = [system.health, system.config, system.openApi];
