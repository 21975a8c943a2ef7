import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section';
import { PageIntro } from '../../ui/page-intro';
import { useDocumentTitle } from '../../ui/use-document-title';

/** `/Data` (requires login): researchers' data page; the delphi issue lists the files here. */
export function DataPage() {
  const { t } = useTranslation('delphi');
  useDocumentTitle(t('data.title'));
  return (
    <Section>
      <PageIntro title={t('data.title')} lead={t('data.lead')} />
    </Section>
  );
}
