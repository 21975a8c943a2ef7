import { describe, expect, it, vi } from 'vitest';
import { Outbox } from '../outbox/outbox';
import type { GameRun } from './game-run';
import { leavesByClick } from '../../../game-kit/leave/watch-leaving';
import { watchLeaving } from './leave-guard';

function makeRun(): GameRun {
  const outbox = new Outbox({ storage: { getItem: () => null, setItem: () => undefined }, key: 'k', transport: vi.fn(), classify: () => 'retry' });
  outbox.stop();
  return {
    gameName: 'QuizTime', gameRef: 'g1', outbox, session: { participantId: 'P1', suiteId: 'S1', parentOrigin: null },
    answers: [], position: { round: 'Humanities', questionIndex: 4 }, ended: false, interrupted: false, release: vi.fn(),
  };
}

function link(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  anchor.textContent = 'go';
  document.body.append(anchor);
  return anchor;
}

describe('leaving a running game (issue 18)', () => {
  it('counts a plain click on a link as leaving, not a new-tab click or a download', () => {
    const plain = link('/');
    const base = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
    expect(leavesByClick({ ...base, target: plain.firstChild ?? plain })).toBe(plain);
    expect(leavesByClick({ ...base, ctrlKey: true, target: plain })).toBeNull();
    expect(leavesByClick({ ...base, target: link('/x', { target: '_blank' }) })).toBeNull();
    expect(leavesByClick({ ...base, target: link('/x', { download: '' }) })).toBeNull();
    expect(leavesByClick({ ...base, target: document.body })).toBeNull();
  });

  it('asks before a reload, holds a link click, and ends the game as interrupted when the page goes', () => {
    const run = makeRun();
    const hold = vi.fn();
    window.history.replaceState(null, '', '/QuizTime/Game');
    const unwatch = watchLeaving(run, '/QuizTime', hold);

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    const anchor = link('/');
    const routerSaw = vi.fn();
    document.body.addEventListener('click', routerSaw);
    anchor.click();
    expect(hold).toHaveBeenCalledWith({ kind: 'link', anchor });
    expect(routerSaw).not.toHaveBeenCalled();
    expect(run.ended).toBe(false);

    window.dispatchEvent(new Event('pagehide'));
    expect(run).toMatchObject({ ended: true, interrupted: true });
    expect(run.outbox.pendingRecords()[0]?.input).toMatchObject({ reason: 'interrupted', attributes: { via: 'unload', round: 'Humanities', questionIndex: 4 } });

    // Ended: nothing is held or asked any more.
    anchor.click();
    expect(routerSaw).toHaveBeenCalledTimes(1);
    const again = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
    unwatch();
    document.body.removeEventListener('click', routerSaw);
  });

  it('ends the game when its routes are left some other way (Back), not when they are still shown', () => {
    const stays = makeRun();
    window.history.replaceState(null, '', '/QuizTime/Game');
    watchLeaving(stays, '/QuizTime', vi.fn())();
    expect(stays.ended).toBe(false);

    const left = makeRun();
    const unwatch = watchLeaving(left, '/QuizTime', vi.fn());
    window.history.replaceState(null, '', '/');
    unwatch();
    expect(left).toMatchObject({ ended: true, interrupted: true });
    expect(left.outbox.pendingRecords()[0]?.input).toMatchObject({ attributes: { via: 'navigation' } });
  });
});
