import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_LEVELS } from '@chi/contract';
import { usePermissionLevel } from '../session/session-store';
import { MODAL_REGISTRY, isModalName } from './modal-registry';
import { useModal } from './use-modal';

/** Renders the modal named by `?modal=`; an unknown name, or an admin modal for a non-admin, opens nothing. */
export function ModalHost() {
  const { t } = useTranslation();
  const { current, params, closeModal } = useModal();
  const level = usePermissionLevel();
  if (!isModalName(current)) return null;
  const entry = MODAL_REGISTRY[current];
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
      <Body close={closeModal} params={params} />
    </Modal>
  );
}
