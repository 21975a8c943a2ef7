import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { IntroPage } from '../../ui/intro-page';
import { eventPath } from './sitting';

/** The app's home: what it does, and the way into an event by its name. */
export function CreavisionsHome() {
  const { t } = useTranslation('creavisions');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const valid = creavisions.EVENT_NAME_PATTERN.test(name.trim().toLowerCase());

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (valid) void navigate(eventPath(name.trim().toLowerCase()));
  }

  return (
    <IntroPage title={t('home.title')} lead={t('home.lead')} features={t('home.features', { returnObjects: true })}>
      <form onSubmit={submit} noValidate aria-label={t('join.title')}>
        <Group align="flex-end" gap="sm" wrap="wrap" mt="md">
          <TextInput
            label={t('join.eventName')}
            description={t('join.eventNameHint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={tried && !valid ? t('join.eventNameError') : undefined}
            autoCapitalize="none"
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          <Button type="submit">{t('join.open')}</Button>
        </Group>
      </form>
    </IntroPage>
  );
}
