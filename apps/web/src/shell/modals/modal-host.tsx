import { Suspense, useEffect } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_LEVELS } from '@chi/contract';
import { usePermissionLevel, useSessionCheck } from '../session/session-store';
import { ensureSession } from '../session/resume-session';
import { MODAL_REGISTRY, isModalName } from './modal-registry';
import { useModal } from './use-modal';

/** Renders the modal named by `?modal=`; an unknown name, or an admin modal for a non-admin, opens nothing. */
export function ModalHost() {
  const { t } = useTranslation();
  const { current, params, closeModal } = useModal();
  const level = usePermissionLevel();
  const check = useSessionCheck();
  const entry = isModalName(current) ? MODAL_REGISTRY[current] : undefined;
  const needsUser = Boolean(entry?.adminOnly || entry?.needsUser);
  useEffect(() => {
    if (needsUser && check === 'unknown') void ensureSession();
  }, [needsUser, check]);
  if (!entry) return null;
  if (needsUser && check !== 'known' && level === 0) return null;
  if (entry.adminOnly && level < PERMISSION_LEVELS.manageApp) return null;
  const { Body } = entry;
  return (
    <Modal
      opened
      onClose={closeModal}
      title={entry.title(t)}
      size={entry.size ?? 'md'}
      closeButtonProps={{ 'aria-label': t('modal.closeDialog') }}
      centered
    >
      <Suspense
        fallback={
          <Center py="lg">
            <Loader aria-label={t('chunk.loading')} />
          </Center>
        }
      >
        <Body close={closeModal} params={params} />
      </Suspense>
    </Modal>
  );
}
