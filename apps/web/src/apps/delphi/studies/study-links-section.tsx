import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { delphi } from '@chi/contract';
import { CopyLink } from './copy-link';
import { StudyQrCode } from './study-qr-code';
import { previewPath, studyLinks } from './study-links';
import { reaches } from './study-access';

/** The study's link for its panel, copyable, a QR code for lab sessions, and Preview and Data. */
export function StudyLinksSection({ study }: { study: delphi.Study }) {
  const { t } = useTranslation('delphiStudies');
  const links = studyLinks(window.location.origin, study);
  const scannable = links.find((link) => link.kind === 'anonymous');
  return (
    <Stack component="section" aria-labelledby="study-links-heading">
      <Title order={2} id="study-links-heading">
        {t('links.heading')}
      </Title>
      <Text maw={760}>{t('links.lead')}</Text>
      {links.map((link) => (
        <CopyLink key={link.kind} label={t(`links.${link.kind}`)} url={link.url} />
      ))}
      <Group>
        {reaches(study.access, 'develop') ? (
          <Button component="a" href={previewPath(study.slug)} target="_blank" rel="noopener" variant="light">
            {t('study.preview')}
          </Button>
        ) : null}
        <Button component={Link} to={`/Data?study=${encodeURIComponent(study.id)}`} variant="light">
          {t('study.data')}
        </Button>
      </Group>
      <Stack gap="xs">
        <Title order={3}>{t('links.qrHeading')}</Title>
        <Text size="sm" maw={760}>
          {scannable ? t('links.qrHint') : t('links.qrAnonymousOnly')}
        </Text>
        {scannable ? <StudyQrCode url={scannable.url} label={t('links.qrLabel', { url: scannable.url })} /> : null}
      </Stack>
    </Stack>
  );
}
