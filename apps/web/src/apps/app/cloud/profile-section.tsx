import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_LEVELS } from '@chi/contract';
import { useModal } from '../../../shell/modals/use-modal';
import { usePermissionLevel, type SessionUser } from '../../../shell/session/session-store';
import { roleName, rolesOf } from '../../../shell/account/role-names';
import { StatusMessage } from '../../../shell/status/status-message';
import { AVATAR_OPERATION } from '../../../shell/account/avatar-image';
import { useCloudTranslation } from './i18n/use-cloud-translation';
import { PROFILE_IMAGE_OPERATION, ProfileImage, useProfileImagePicker } from './profile-image';

/** Name, e-mail, title and roles; the person card; admin tools for administrators. */
export function ProfileSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('app');
  const { t: shellT } = useTranslation();
  const { t: cloudT } = useCloudTranslation();
  const picker = useProfileImagePicker();
  const { openModal } = useModal();
  const level = usePermissionLevel();
  const flags = rolesOf(user);
  const rows: [string, ReactNode][] = [
    [t('account.name'), user.name],
    [t('account.email'), user.email ?? ''],
    [t('account.academicTitle'), user.title || t('account.noTitle')],
    [
      t('account.flags'),
      flags.length ? (
        <Group gap={4} component="span">
          {flags.map((flag) => (
            <Badge key={flag} variant="light" tt="none">
              {roleName(shellT, flag)}
            </Badge>
          ))}
        </Group>
      ) : (
        t('account.noFlags')
      ),
    ],
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t('account.profile')}
        </Title>
        {/* On a phone the text and its button go under the picture rather than squeezing beside it. */}
        <Group gap="md" align="center">
          <ProfileImage user={user} />
          <Stack gap={6} miw={0} style={{ flex: '1 1 12rem' }}>
            <Text size="sm" c="dimmed">
              {cloudT('profileImage.lead')}
            </Text>
            <Group>
              <Button variant="light" onClick={() => picker.open()}>
                {cloudT('profileImage.change')}
              </Button>
            </Group>
          </Stack>
        </Group>
        <StatusMessage operation={PROFILE_IMAGE_OPERATION} />
        <StatusMessage operation={AVATAR_OPERATION} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" fw={600}>
                {label}
              </Text>
              <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Group>
          <Button variant="light" onClick={() => openModal('person')}>
            {t('account.personCard')}
          </Button>
        </Group>
        {level >= PERMISSION_LEVELS.manageApp && (
          <Stack gap="xs">
            <Title order={3} fz="h4">
              {t('account.admin')}
            </Title>
            <Group>
              <Button variant="default" onClick={() => openModal('users')}>
                {t('account.users')}
              </Button>
              <Button variant="default" onClick={() => openModal('sessionKeys')}>
                {t('account.sessionKeys')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
