/** The `assistantsStrategies` namespace, registered on first use so it travels with the lazy page only. */
import { useTranslation } from 'react-i18next';
import en from './en.json';
import dk from './dk.json';

const dkChecked: typeof en = dk;

export function useStrategiesTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'assistantsStrategies')) {
    i18n.addResourceBundle('en', 'assistantsStrategies', en, true, true);
    i18n.addResourceBundle('dk', 'assistantsStrategies', dkChecked, true, true);
  }
  return useTranslation('assistantsStrategies');
}

export type LabelGroup = 'topics' | 'horizons' | 'statuses';

/** The translated name of a topic, horizon or status; an unknown stored value shows as itself. */
export function useStrategyLabels(): (group: LabelGroup, value: unknown) => string {
  const { t } = useStrategiesTranslation();
  return (group, value) => {
    const text = typeof value === 'string' ? value : '';
    const names = t(group, { returnObjects: true }) as Readonly<Record<string, string>>;
    return names[text] ?? text;
  };
}
