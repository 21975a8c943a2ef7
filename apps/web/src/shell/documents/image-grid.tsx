import { Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { uploads } from '@chi/contract';
import { shownImageUrl } from '../../ui/shown-image-url';

/** SPEC §9: the grid widens with the image count: 1 → 1 column, ≤4 → 2, ≤9 → 3, more → 4. */
export function gridColumns(count: number): number {
  if (count <= 1) return 1;
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  return 4;
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

export interface ImageGridProps {
  images: readonly uploads.UploadedFile[];
  /** With it, each image is a button named after the image (its accessible name); without it, a plain figure. */
  onPick?: (image: uploads.UploadedFile) => void;
  showSize?: boolean;
  label: string;
  /** Fixed responsive columns for page-wide lists; the picker leaves it out and follows SPEC §9. */
  cols?: { base: number; sm?: number; md?: number };
}

export function ImageGrid({ images, onPick, showSize = false, label, cols }: ImageGridProps) {
  return (
    <SimpleGrid cols={cols ?? gridColumns(images.length)} spacing="sm" role="list" aria-label={label} data-columns={cols ? undefined : gridColumns(images.length)}>
      {images.map((image) => {
        const figure = (
          <Stack gap={4} align="stretch">
            <Image src={shownImageUrl(image.url)} alt="" h={120} fit="contain" radius="sm" bg="gray.1" />
            <Text size="sm" truncate="end">
              {image.name}
            </Text>
            {showSize && (
              <Text size="xs" c="dimmed">
                {formatBytes(image.size)}
              </Text>
            )}
          </Stack>
        );
        return (
          <div role="listitem" key={image._id}>
            {onPick ? (
              <UnstyledButton onClick={() => onPick(image)} aria-label={image.name} w="100%">
                {figure}
              </UnstyledButton>
            ) : (
              figure
            )}
          </div>
        );
      })}
    </SimpleGrid>
  );
}
