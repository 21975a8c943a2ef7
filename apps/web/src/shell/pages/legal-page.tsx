import { useEffect, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section';
import en from './legal/i18n/en.json';
import dk from './legal/i18n/dk.json';

export type LegalDocument = 'privacy' | 'terms' | 'cookies';

const dkChecked: typeof en = dk;

/**
 * Privacy policy, terms of use and cookie policy. The texts are their own i18n namespace in
 * this lazily loaded module, so the long texts never weigh on the first load of an app.
 */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  const { i18n } = useTranslation();
  useState(() => {
    if (!i18n.hasResourceBundle('en', 'legal')) {
      i18n.addResourceBundle('en', 'legal', en, true, true);
      i18n.addResourceBundle('dk', 'legal', dkChecked, true, true);
    }
    return true;
  });
  const { t } = useTranslation('legal');
  const title = t(`${doc}.title`);
  const sections = t(`${doc}.sections`, { returnObjects: true });
  const product = i18n.t('product.name');
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product]);
  return (
    <Section>
      <Stack gap="md" py="xl" maw={820} component="article">
        <Title order={1}>{title}</Title>
        <Text size="lg">{t(`${doc}.intro`)}</Text>
        {sections.map((section) => (
          <Stack key={section.heading} gap={4} component="section">
            <Title order={2} size="h3">
              {section.heading}
            </Title>
            <Text>{section.body}</Text>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
