import { Button, Group, Text } from '@mantine/core';
import { useDocumentsTranslation } from '../../../shell/documents/i18n/use-documents-translation';
import { useUploadedImages } from '../../../shell/documents/my-images-tab';
import { ImageGrid } from '../../../shell/documents/image-grid';
import { CloudCard } from './account-sections';
import { useProfileImagePicker } from './profile-image';

/** `/cloud` → Your uploads (issue 5): every image the user uploaded, in any app, and a way to add more. */
export function UploadsSection() {
  const { t } = useDocumentsTranslation();
  const images = useUploadedImages();
  // On /cloud an image chosen in the picker is for the profile (see profile-image.tsx).
  const picker = useProfileImagePicker();
  return (
    <CloudCard title={t('uploads.title')} lead={t('uploads.lead')}>
      {images && images.length === 0 && <Text c="dimmed">{t('uploads.empty')}</Text>}
      {images && images.length > 0 && <ImageGrid images={images} showSize label={t('uploads.listLabel')} cols={{ base: 2, sm: 4, md: 6 }} />}
      <Group>
        <Button variant="light" onClick={() => picker.open('upload')}>
          {t('uploads.uploadButton')}
        </Button>
      </Group>
    </CloudCard>
  );
}
