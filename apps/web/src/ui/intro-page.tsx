import type { ReactNode } from 'react';
import { Section } from './section';
import { PageIntro } from './page-intro';
import { FeatureList, type Feature } from './feature-list';
import { useDocumentTitle } from './use-document-title';

/** A home page made of an introduction and feature cards, already translated by the app. */
export function IntroPage({ title, lead, features, children }: { title: string; lead: string; features: readonly Feature[]; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Section>
      <PageIntro title={title} lead={lead}>
        {children}
      </PageIntro>
      <FeatureList features={features} />
    </Section>
  );
}
