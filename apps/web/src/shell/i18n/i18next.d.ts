// Keys are typed from the English files: a missing or misspelt key fails type-checking.
// Each area lists its own namespaces (its i18n/namespaces.ts); this file only lists the areas.
import type { Namespaces as Shell } from './namespaces';
import type { Namespaces as App } from '../../apps/app/i18n/namespaces';
import type { Namespaces as Api } from '../../apps/api/i18n/namespaces';
import type { Namespaces as Assistants } from '../../apps/assistants/i18n/namespaces';
import type { Namespaces as Ccf } from '../../apps/ccf/i18n/namespaces';
import type { Namespaces as Creavisions } from '../../apps/creavisions/i18n/namespaces';
import type { Namespaces as Delphi } from '../../apps/delphi/i18n/namespaces';
import type { Namespaces as Showcase } from '../../apps/showcase/i18n/namespaces';

type AllNamespaces = Shell & App & Api & Assistants & Ccf & Creavisions & Delphi & Showcase;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: AllNamespaces;
  }
}
