import { useState, type FormEvent } from 'react';
import { Anchor, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { shortLinks } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { StatusMessage } from '../../../shell/status/status-message';
import { CloudCard } from './account-sections';
import { MyShortLinks } from './my-short-links';
import { useCloudTranslation } from './i18n/use-cloud-translation';

/** `/cloud?tab=links`: shortens an http(s) link (SPEC §7 short-link call); `/s/<code>` redirects. */
export function ShortLinkSection() {
  const { t } = useCloudTranslation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shortUrl, setShortUrl] = useState<string | null>(null);
  // Bumped by each new link so the list below asks the server again.
  const [version, setVersion] = useState(0);

  // The same rule as the server's, so a refused link is explained before anything is sent.
  function check(value: string): string | null {
    const trimmed = value.trim();
    if (trimmed === '') return t('links.urlRequired');
    if (trimmed.length > shortLinks.SHORT_LINK_MAX_URL) return t('links.urlTooLong', { max: shortLinks.SHORT_LINK_MAX_URL });
    return shortLinks.isHttpUrl(trimmed) ? null : t('links.urlInvalid');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = check(url);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const result = await runAction(shortLinks.create, { url: url.trim() }, { handled: true, fresh: true });
    setBusy(false);
    if (result.ok) {
      setShortUrl(result.data.shortUrl);
      setVersion((n) => n + 1);
    }
  }

  return (
    <Stack gap="lg">
      <CloudCard title={t('links.title')} lead={t('links.lead')}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('links.title')}>
          <Stack gap="sm">
            <TextInput
              label={t('links.urlLabel')}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              required
              value={url}
              error={error}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                setError(null);
                // A shown result belongs to the link it was made for, not to whatever is typed next.
                setShortUrl(null);
              }}
            />
            <StatusMessage operation={shortLinks.create.name} />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('links.shorten')}
              </Button>
            </Group>
          </Stack>
        </form>
        {shortUrl && (
          <Stack gap={4} role="region" aria-label={t('links.result')}>
            <Text size="sm" fw={600}>
              {t('links.result')}
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Anchor href={shortUrl} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                {shortUrl}
              </Anchor>
              <CopyButton value={shortUrl} timeout={2000}>
                {({ copied, copy }) => (
                  <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} style={{ flexShrink: 0 }}>
                    {copied ? t('links.copied') : t('links.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        )}
      </CloudCard>
      <MyShortLinks version={version} />
    </Stack>
  );
}
