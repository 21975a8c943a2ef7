import { Button, Menu } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PERMISSION_LEVELS, appIdFromHost } from '@chi/contract';
import { useModal } from '../modals/use-modal';
import { usePermissionLevel, type SessionUser } from '../session/session-store';
import { appHostOrigin } from '../session/app-host';
import { useAccountTranslation } from './i18n/use-account-translation';
import { logout } from './logout';

/** The logged-in header control: the user's name opening Your account, the person card, admin tools and Log out. */
export function UserMenu({ user, compact = false }: { user: SessionUser; compact?: boolean }) {
  const { t } = useAccountTranslation();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const level = usePermissionLevel();
  const onAppHost = appIdFromHost(window.location.host) === 'app';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" size={compact ? 'sm' : 'md'} aria-label={t('menu.label', { name: user.name })} maw={compact ? 160 : 260}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{user.name}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {!user.isGuest &&
          (onAppHost ? (
            <Menu.Item component={Link} to="/cloud">
              {t('menu.account')}
            </Menu.Item>
          ) : (
            <Menu.Item component="a" href={`${appHostOrigin()}/cloud`}>
              {t('menu.account')}
            </Menu.Item>
          ))}
        {!user.isGuest && <Menu.Item onClick={() => openModal('person')}>{t('menu.person')}</Menu.Item>}
        {level >= PERMISSION_LEVELS.manageApp && (
          <>
            <Menu.Divider />
            <Menu.Item onClick={() => openModal('users')}>{t('menu.users')}</Menu.Item>
            <Menu.Item onClick={() => openModal('sessionKeys')}>{t('menu.sessionKeys')}</Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          onClick={() => {
            void logout().then(() => navigate('/'));
          }}
        >
          {t('menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
