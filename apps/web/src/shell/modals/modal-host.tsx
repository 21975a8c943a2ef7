import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_LEVELS } from '@chi/contract';
import { usePermissionLevel, useSessionCheck } from '../session/session-store';
import { ensureSession } from '../session/resume-session';
import { MODAL_REGISTRY, WARMABLE_BODIES, modalBody } from './modal-registry';
import { useModal } from './use-modal';
import { useFocusFirstField, useReturnFocusToOpener } from './modal-focus';
import { isModalName, type ModalBodyProps } from './modal-names';
import { ChunkErrorBoundary } from '../routing/chunk-error-boundary';

/** Loads a dialog's body ahead of its first opening (lazy-modal-host.ts). */
export function warmModalBody(name: keyof typeof WARMABLE_BODIES): Promise<unknown> {
  return WARMABLE_BODIES[name].load();
}

/** Renders the modal named by `?modal=`; an unknown name, or an admin modal for a non-admin, opens nothing. */
export function ModalHost() {
  const { t } = useTranslation();
  const { current, params, closeModal } = useModal();
  const level = usePermissionLevel();
  const check = useSessionCheck();
  const name = isModalName(current) ? current : undefined;
  const entry = name ? MODAL_REGISTRY[name] : undefined;
  const needsUser = Boolean(entry?.adminOnly || entry?.needsUser);
  useReturnFocusToOpener();
  useEffect(() => {
    if (needsUser && check === 'unknown') void ensureSession();
  }, [needsUser, check]);
  if (!name || !entry) return null;
  if (needsUser && check !== 'known' && level === 0) return null;
  if (entry.adminOnly && level < PERMISSION_LEVELS.manageApp) return null;
  const Body = modalBody(name, params);
  if (!Body) return null;
  return (
    <Modal
      opened
      onClose={closeModal}
      title={entry.title(t)}
      size={entry.size ?? 'md'}
      closeButtonProps={{ 'aria-label': t('modal.closeDialog') }}
      // Focus return is ours (useReturnFocusToOpener): closing unmounts the host before Mantine could.
      returnFocus={false}
      centered
    >
      <ChunkErrorBoundary resetKey={current ?? ''}>
        <Suspense
          fallback={
            <Center py="lg">
              <Loader aria-label={t('chunk.loading')} />
            </Center>
          }
        >
          <FocusedBody key={current} Body={Body} close={closeModal} params={params} />
        </Suspense>
      </ChunkErrorBoundary>
    </Modal>
  );
}

/** The body, starting on its first field once it has loaded (the fallback has none). */
function FocusedBody({ Body, ...props }: ModalBodyProps & { Body: ComponentType<ModalBodyProps> }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstField(ref);
  return (
    <div ref={ref}>
      <Body {...props} />
    </div>
  );
}
