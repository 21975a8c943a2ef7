import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';

/**
 * A page of a study's way in that only tells the participant something (a refusal, a device that
 * cannot take part, a consent not given): its title, also the document's, and the message. A
 * `warning` is announced at once (an alert); an `info` is a status. `after`: what follows it (a
 * Retry).
 */
export function NoticePage({ title, tone = 'warning', children, after }: { title: string; tone?: 'warning' | 'info'; children: ReactNode; after?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Section>
      <PageIntro title={title} lead="">
        <Alert color={tone === 'warning' ? 'orange' : 'gray'} variant="light" maw={760} role={tone === 'warning' ? 'alert' : 'status'}>
          {children}
        </Alert>
        {after}
      </PageIntro>
    </Section>
  );
}
