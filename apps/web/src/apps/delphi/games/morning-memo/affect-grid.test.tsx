import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { AffectGrid, AffectGridHint, cellAt, type AffectCell } from './affect-grid';
import { resetHintStyle } from '../../../../game-kit/input/input-hints';
import { useMemoNamespace } from './memo-namespace';

function Harness({ onChoose }: { onChoose: (cell: AffectCell, given: { response: string; modality: string }) => void }) {
  useMemoNamespace();
  return (
    <>
      <h1 id="q">How do you feel?</h1>
      <AffectGrid labelledBy="q" disabled={false} onChoose={onChoose} />
    </>
  );
}

describe('the affect grid (Russell, Weiss & Mendelsohn 1989)', () => {
  it('maps rows and columns to pleasure left-to-right and arousal bottom-to-top', () => {
    expect(cellAt(0, 0)).toEqual({ pleasure: 1, arousal: 9 });
    expect(cellAt(8, 8)).toEqual({ pleasure: 9, arousal: 1 });
    expect(cellAt(4, 4)).toEqual({ pleasure: 5, arousal: 5 });
  });

  it('has 81 named cells in one tab stop; arrows move, Enter chooses as a key; a tap chooses as touch', () => {
    const onChoose = vi.fn();
    renderWithProviders(<Harness onChoose={onChoose} />);
    const group = screen.getByRole('group', { name: 'How do you feel?' });
    const cells = [...group.querySelectorAll('button')];
    expect(cells).toHaveLength(81);
    expect(cells.filter((c) => c.tabIndex === 0)).toHaveLength(1);
    const centre = screen.getByLabelText('Pleasure 5 of 9, energy 5 of 9');
    expect(centre.tabIndex).toBe(0);
    centre.focus();
    fireEvent.keyDown(group, { key: 'ArrowUp' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    const moved = screen.getByLabelText('Pleasure 7 of 9, energy 6 of 9');
    expect(document.activeElement).toBe(moved);
    expect(moved.tabIndex).toBe(0);
    fireEvent.click(moved, { detail: 0 });
    expect(onChoose).toHaveBeenLastCalledWith({ pleasure: 7, arousal: 6 }, expect.objectContaining({ response: '7,6', modality: 'key' }));
    // The edge holds: no wrap-around.
    for (let i = 0; i < 12; i++) fireEvent.keyDown(group, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByLabelText('Pleasure 1 of 9, energy 6 of 9'));
    fireEvent.pointerDown(screen.getByLabelText('Pleasure 2 of 9, energy 1 of 9'), { button: 0, pointerType: 'touch' });
    expect(onChoose).toHaveBeenLastCalledWith({ pleasure: 2, arousal: 1 }, expect.objectContaining({ modality: 'touch' }));
  }, 20_000);

  it('words its hint for the input in use: no keyboard hint once a finger touches the screen (issue 25 item 6)', () => {
    resetHintStyle();
    renderWithProviders(<HintHarness />);
    expect(screen.getByText(/^With a keyboard:/)).toBeInTheDocument();
    act(() => {
      fireEvent.pointerDown(window, { pointerType: 'touch' });
    });
    expect(screen.queryByText(/^With a keyboard:/)).toBeNull();
    expect(screen.getByText(/^Tap the square that fits, then press Submit my answer/)).toBeInTheDocument();
    resetHintStyle();
  }, 20_000);

  it('draws the selected cell pressed, and only that one', () => {
    renderWithProviders(<SelectedHarness />);
    const pressed = () => screen.getAllByRole('button', { pressed: true }).map((b) => b.getAttribute('aria-label'));
    expect(pressed()).toEqual(['Pleasure 3 of 9, energy 8 of 9']);
  }, 20_000);
});

function SelectedHarness() {
  useMemoNamespace();
  return (
    <>
      <h1 id="q">How do you feel?</h1>
      <AffectGrid labelledBy="q" disabled={false} selected={{ pleasure: 3, arousal: 8 }} onChoose={() => undefined} />
    </>
  );
}

function HintHarness() {
  useMemoNamespace();
  return <AffectGridHint />;
}
