import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { shortLinks } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { StatusMessage } from '../../../shell/status/status-message';
import { DateTime } from '../../../ui/date-time';
import { CloudCard } from './account-sections';
import { useCloudTranslation } from './i18n/use-cloud-translation';

type ShortLink = shortLinks.ShortLink;

/**
 * `/cloud?tab=links` → Your short links (issue 18: they vanished after a reload): the list comes
 * from the server (LIST_MY_SHORT_LINKS) and reloads when `version` changes (a new link); each
 * link can be deleted after a confirmation (DELETE_SHORT_LINK).
 */
export function MyShortLinks({ version }: { version: number }) {
  const { t } = useCloudTranslation();
  const [links, setLinks] = useState<ShortLink[] | undefined>(undefined);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState<ShortLink | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    const result = await runAction(shortLinks.listMine, {}, { handled: true, fresh: true });
    if (result.ok) {
      setLinks(result.data.links);
      setTotal(result.data.total);
    } else setFailed(true);
  }, []);

  useEffect(() => {
    void load();
  }, [load, version]);

  async function remove(link: ShortLink) {
    setDeleting(true);
    const result = await runAction(shortLinks.remove, {}, { id: link.code, fresh: true, successMessage: t('links.deleted') });
    setDeleting(false);
    setConfirming(null);
    if (result.ok) {
      setLinks((current) => current?.filter((item) => item.code !== link.code));
      setTotal((n) => Math.max(0, n - 1));
    }
  }

  return (
    <CloudCard title={t('links.mineTitle')}>
      <StatusMessage operation={shortLinks.remove.name} />
      {failed && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('links.loadFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => void load()}>
              {t('links.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!links && !failed && (
        <Center py="sm">
          <Loader size="sm" aria-label={t('links.loading')} />
        </Center>
      )}
      {links && links.length === 0 && <Text c="dimmed">{t('links.empty')}</Text>}
      {links && links.length > 0 && (
        <Stack gap="sm" component="ul" aria-label={t('links.mineLabel')} p={0} m={0} style={{ listStyle: 'none' }}>
          {links.map((link) => (
            <Paper component="li" key={link.code} withBorder radius="md" p="sm">
              <Stack gap={4}>
                <Anchor href={link.shortUrl} target="_blank" rel="noopener noreferrer" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {link.shortUrl}
                </Anchor>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('links.target', { url: link.url })}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {t('links.created')} <DateTime value={link.createdAt} />
                  </Text>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(link)} aria-label={t('links.deleteNamed', { url: link.shortUrl })}>
                    {t('links.delete')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {links && total > links.length && <Text size="sm" c="dimmed">{t('links.more', { count: total - links.length })}</Text>}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t('links.deleteTitle')} centered>
        <Stack gap="md">
          <Text style={{ overflowWrap: 'anywhere' }}>{t('links.deleteConfirmText', { url: confirming?.shortUrl ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={deleting} data-autofocus>
              {t('links.cancel')}
            </Button>
            <Button color="red" loading={deleting} onClick={() => confirming && void remove(confirming)}>
              {t('links.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </CloudCard>
  );
}
