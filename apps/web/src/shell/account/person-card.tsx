import { useEffect, useState } from 'react';
import { Alert, Avatar, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_LEVELS, account } from '@chi/contract';
import type { OutputOf } from '@chi/contract';
import { runAction } from '../api/run-action';
import type { ModalBodyProps } from '../modals/modal-names';
import { usePermissionLevel, useSessionUser } from '../session/session-store';
import { avatarDisplaySize, gravatarUrl, initials, isGravatarEmail } from './gravatar';
import { useAccountTranslation } from './i18n/use-account-translation';
import { serverMessage } from './server-message';

export interface Person {
  name: string;
  title?: string | undefined;
  email: string;
  /** Kept on the account (GET_USER), edited by the person on /cloud (ADR 056). */
  programme?: string | undefined;
  university?: string | undefined;
  awards?: readonly string[] | undefined;
  /** The person's own profile image, shown instead of the avatar from the e-mail. */
  imageUrl?: string | null | undefined;
}

/** The card itself (SPEC §2): avatar, title and name, programme, university, awards. */
export function PersonCardView({ person, size = 80 }: { person: Person; size?: number }) {
  const { t } = useAccountTranslation();
  const legal = isGravatarEmail(person.email);
  const display = avatarDisplaySize(size);
  const fullName = [person.title, person.name].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    [t('person.programme'), person.programme || t('person.noProgramme')],
    [t('person.university'), person.university || t('person.noUniversity')],
    [t('person.awards'), person.awards?.length ? person.awards.join(', ') : t('person.noAwards')],
  ];
  return (
    <Stack gap="md">
      <Group wrap="nowrap" align="center">
        {/* Mantine shows the initials when the picture cannot load (offline machines). */}
        <Avatar
          src={person.imageUrl || (legal ? gravatarUrl(person.email, display) : null)}
          alt={t('person.avatar', { name: person.name })}
          size={display}
          radius="50%"
          color="initials"
          name={person.name}
        >
          {initials(person.name)}
        </Avatar>
        <Stack gap={2} miw={0}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {fullName}
          </Title>
          <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {person.email}
          </Text>
        </Stack>
      </Group>
      {!legal && (
        <Alert color="red" variant="light" role="alert">
          {t('validation.illegalGravatarUrl')}
        </Alert>
      )}
      <Stack gap="xs" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" fw={600} size="sm">
              {label}
            </Text>
            <Text component="dd" m={0} c="dimmed">
              {value}
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}

/** The card as the account holds it: programme, university and awards are only there. */
export function personOf(record: OutputOf<typeof account.get>): Person {
  return {
    name: record.name,
    title: record.title,
    email: record._email,
    programme: record.programme,
    university: record.university,
    awards: record.awards,
    imageUrl: record.imageUrl,
  };
}

/** `?modal=person`: the logged-in user's card, or `?userId=` for administrators; both read GET_USER. */
export function PersonCard({ params }: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const user = useSessionUser();
  const level = usePermissionLevel();
  const userId = params.get('userId');
  const size = Number(params.get('size') ?? 80);
  const other = userId !== null && userId !== user?._id && level >= PERMISSION_LEVELS.manageApp;
  // A guest (session key) has no account, so nothing more to load than the session knows.
  const accountId = other ? userId : user && user.isGuest !== true ? user._id : undefined;
  const [loaded, setLoaded] = useState<{ id: string; person?: Person; error?: string } | null>(null);

  useEffect(() => {
    if (!accountId) return;
    let active = true;
    void runAction(account.get, {}, { id: accountId, handled: true, fresh: true, operation: 'PERSON_CARD' }).then((result) => {
      if (!active) return;
      if (result.ok) setLoaded({ id: accountId, person: personOf(result.data) });
      else setLoaded({ id: accountId, error: serverMessage(t, shellT, result.error.message) });
    });
    return () => {
      active = false;
    };
  }, [accountId, t, shellT]);

  if (accountId) {
    if (loaded?.id !== accountId) return <Loader aria-label={t('person.loading')} />;
    if (loaded.error || !loaded.person) return <Alert color="red" role="alert">{loaded.error}</Alert>;
    return <PersonCardView person={loaded.person} size={size} />;
  }
  if (!user) return <Text>{t('person.anonymous')}</Text>;
  return <PersonCardView person={{ name: user.name, title: user.title, email: user.email ?? '', imageUrl: user.imageUrl }} size={size} />;
}
