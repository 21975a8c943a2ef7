/**
 * Leaving a running game is a decision (DESIGN §7, issue 18). While a game runs in this page:
 * - a reload or tab close asks first (`beforeunload`); if the page goes anyway, `pagehide`
 *   ends the game as interrupted before the outbox sends what is pending with keepalive;
 * - a click on any in-app link (the header's product name, a nav link) or a change of the
 *   header's language switch is held and asks with a dialog; leaving ends the game as
 *   interrupted, then the link or the language change goes ahead;
 * - any other way out of the game's routes (the browser's Back) ends it as interrupted.
 * The shell has no data router (ADR 004), so the guard listens in the capture phase on the
 * document, before React and the router see the event: no shell code knows about games.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { delphi } from '@chi/contract';
import { useOutboxSnapshot } from '../outbox/outbox-client';
import { interruptRun, isRunLive, useGameRun, type GameRun } from '../suite/game-run';

type HeldLeave = { kind: 'link'; anchor: HTMLAnchorElement } | { kind: 'select'; select: HTMLSelectElement; value: string };

/** A plain left click that would navigate this tab (not a new tab, not a download). */
export function leavesByClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target'>): HTMLAnchorElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const node = event.target instanceof Node ? event.target : null;
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const anchor = element?.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  return anchor;
}

/** Wires the page's ways out to the run; `hold` is called for a leave that must be confirmed. */
export function watchLeaving(run: GameRun, basePath: string, hold: (leave: HeldLeave) => void, doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  const live = () => isRunLive(run);
  // What each select showed before a change: known from the start, and from focus or a
  // press for a select that appears later (the phone menu's language switch).
  const before = new WeakMap<HTMLSelectElement, string>();
  for (const select of doc.querySelectorAll('select')) before.set(select, select.value);
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (live()) event.preventDefault();
  };
  const onPageHide = () => {
    if (live()) interruptRun(run, 'unload');
  };
  const onClick = (event: MouseEvent) => {
    if (!live()) return;
    const anchor = leavesByClick(event);
    if (!anchor) return;
    event.preventDefault();
    event.stopPropagation();
    hold({ kind: 'link', anchor });
  };
  const onFocusIn = (event: Event) => {
    if (event.target instanceof HTMLSelectElement) before.set(event.target, event.target.value);
  };
  const onChange = (event: Event) => {
    const select = event.target;
    if (!live() || !(select instanceof HTMLSelectElement) || !select.closest('header')) return;
    event.stopPropagation();
    const value = select.value;
    // Back to what it showed until the participant decides.
    select.value = before.get(select) ?? select.value;
    hold({ kind: 'select', select, value });
  };
  // Capture on window for pagehide: it runs before the outbox's own pagehide flush (bubble), so the end goes with it.
  win.addEventListener('beforeunload', onBeforeUnload);
  win.addEventListener('pagehide', onPageHide, { capture: true });
  doc.addEventListener('click', onClick, { capture: true });
  doc.addEventListener('focusin', onFocusIn, { capture: true });
  doc.addEventListener('pointerdown', onFocusIn, { capture: true });
  doc.addEventListener('change', onChange, { capture: true });
  return () => {
    win.removeEventListener('beforeunload', onBeforeUnload);
    win.removeEventListener('pagehide', onPageHide, { capture: true });
    doc.removeEventListener('click', onClick, { capture: true });
    doc.removeEventListener('focusin', onFocusIn, { capture: true });
    doc.removeEventListener('pointerdown', onFocusIn, { capture: true });
    doc.removeEventListener('change', onChange, { capture: true });
    // Unmounted while still running: the game's routes were left some other way (Back).
    // Under StrictMode's test unmount the path is unchanged, so nothing happens then.
    if (live() && !win.location.pathname.startsWith(basePath)) interruptRun(run, 'navigation');
  };
}

/** Lets a held leave go ahead once the game is ended. */
function proceed(leave: HeldLeave): void {
  if (leave.kind === 'link') {
    leave.anchor.click();
    return;
  }
  leave.select.value = leave.value;
  leave.select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Rendered by every game's layout: the guard, and the dialog that asks. */
export function LeaveGuard({ gameName, basePath }: { gameName: delphi.GameName; basePath: string }) {
  const { t } = useTranslation('delphiGames');
  const run = useGameRun(gameName);
  useOutboxSnapshot(run?.outbox ?? null);
  const live = isRunLive(run);
  const [held, setHeld] = useState<HeldLeave | null>(null);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    const current = runRef.current;
    if (!live || !current) return;
    return watchLeaving(current, basePath, setHeld);
  }, [live, basePath]);

  const leave = () => {
    const leaving = held;
    setHeld(null);
    if (!leaving) return;
    if (run) interruptRun(run, 'link');
    proceed(leaving);
  };

  return (
    <Modal opened={held !== null} onClose={() => setHeld(null)} title={t('play.leaveTitle')} centered>
      <Text mb="lg">{t('play.leaveBody')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => setHeld(null)} data-autofocus>
          {t('play.stay')}
        </Button>
        <Button color="red" onClick={leave}>
          {t('play.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
