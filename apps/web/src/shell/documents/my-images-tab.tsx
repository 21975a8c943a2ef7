import { useEffect, useState } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import type { uploads } from '@chi/contract';
import { useDocumentsTranslation } from './i18n/use-documents-translation';
import { ImageGrid } from './image-grid';
import { listImages, useUploadsVersion } from './uploads-client';

export function useUploadedImages(appId?: Parameters<typeof listImages>[0]) {
  const version = useUploadsVersion();
  const [images, setImages] = useState<uploads.UploadedFile[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void listImages(appId).then((list) => {
      if (live) setImages(list);
    });
    return () => {
      live = false;
    };
  }, [appId, version]);
  return images;
}

export function MyImagesTab({ onPick }: { onPick: (image: uploads.UploadedFile) => void }) {
  const { t } = useDocumentsTranslation();
  const images = useUploadedImages();
  if (!images) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('picker.loading')} />
      </Center>
    );
  }
  if (images.length === 0) return <Text c="dimmed" py="md">{t('picker.noImages')}</Text>;
  return <ImageGrid images={images} onPick={onPick} label={t('picker.myImages')} />;
}
