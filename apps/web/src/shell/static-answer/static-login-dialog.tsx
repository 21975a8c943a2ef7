/**
 * The login dialog as the prerendered home carries it (ADR 075): rendered at build time by the
 * live dialog's own parts — Mantine's Modal frame and `LoginForm` — so it looks the same, and
 * wrapped in a native `<dialog>` that the entry opens on the tap of Log in, before the live page
 * is there (`static-login.ts`). Rendered with the page's providers and router (src/prerender.tsx).
 */
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../account/login-form';
import { STATIC_DIALOG_ATTRIBUTE } from '../prerender-marker';

const noop = () => undefined;

/** The Modal's markup, inline (no portal), already open, without its own focus trap or scroll lock: the native dialog gives those. */
export function StaticLoginDialog() {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={noop}
      title={t('modal.titles.login')}
      closeButtonProps={{ 'aria-label': t('modal.closeDialog') }}
      withinPortal={false}
      trapFocus={false}
      lockScroll={false}
      returnFocus={false}
      centered
      transitionProps={{ duration: 0 }}
    >
      <LoginForm close={noop} params={new URLSearchParams()} />
    </Modal>
  );
}

/**
 * The page's `<dialog>` around the rendered Modal. Mantine's content section is a `role="dialog"`
 * of its own; the native dialog is the one a screen reader meets, so that role moves to it (a
 * dialog inside a dialog would be announced twice), named by the Modal's title. The provider's
 * `<style>` elements are left out: the page has them already.
 */
export function staticDialogHtml(name: string, modalHtml: string): string {
  const section = /<section([^>]*?)\srole="dialog"([^>]*)>/.exec(modalHtml);
  const title = /<h2 [^>]*class="[^"]*mantine-Modal-title[^"]*"[^>]*\sid="([^"]+)"/.exec(modalHtml);
  if (!section || !title) throw new Error('The static dialog has no Modal content section or title');
  const attributes = `${section[1]}${section[2]}`.replace(/\saria-(modal|labelledby|describedby)="[^"]*"/g, '');
  const html = modalHtml.replace(section[0], `<section${attributes}>`).replace(/<style data-mantine-styles[^>]*>[\s\S]*?<\/style>/g, '');
  return `<dialog ${STATIC_DIALOG_ATTRIBUTE}="${name}" class="chi-static-dialog" aria-labelledby="${title[1]}">${html}</dialog>`;
}
