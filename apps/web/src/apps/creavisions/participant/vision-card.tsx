import type { ReactNode } from 'react';
import { Badge, Group, Image, Mark, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { shownImageUrl } from '../../../ui/shown-image-url';

/** The text with the words that matched the query marked (same word, or a short ending of it). */
function highlighted(text: string, matched: readonly string[]): ReactNode[] {
  if (matched.length === 0) return [text];
  return text.split(/([\p{L}\p{N}]+)/u).map((part, index) => (matched.some((word) => creavisions.sameWord(word, part.toLowerCase())) ? <Mark key={index}>{part}</Mark> : part));
}

/** One published vision: in the gallery, or as a search result with its visible similarity. */
export function VisionCard({ entry, similarity, matched = [], action }: { entry: creavisions.GalleryEntry; similarity?: number; matched?: readonly string[]; action?: ReactNode }) {
  const { t } = useTranslation('creavisions');
  const title = entry.title || t('gallery.untitled');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {similarity !== undefined && (
            <Badge variant="light" color={similarity >= 50 ? 'green' : similarity >= 20 ? 'blue' : 'gray'} aria-label={t('search.similarityLabel', { percent: similarity })} style={{ flexShrink: 0 }}>
              {t('search.similarity', { percent: similarity })}
            </Badge>
          )}
        </Group>
        {entry.imageUrl && <Image src={shownImageUrl(entry.imageUrl)} alt={t('gallery.imageAlt', { title })} mah={200} fit="contain" radius="sm" />}
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{highlighted(entry.text, matched)}</Text>
        {matched.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('search.matched', { words: matched.join(', ') })}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
