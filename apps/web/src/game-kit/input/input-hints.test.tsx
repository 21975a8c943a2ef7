import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useHintStyle } from './input-hints';

function Hint() {
  return <p>{useHintStyle() === 'touch' ? 'Tap Not 3 or 3.' : 'Keys: ← Not 3, → 3'}</p>;
}

describe('the answer hints, as the showcase shows them (issue 25 item 9)', () => {
  it('name the keys with a keyboard and mouse, and say "tap" once a finger touches the screen', () => {
    render(<Hint />);
    expect(screen.getByText('Keys: ← Not 3, → 3')).toBeInTheDocument();
    act(() => {
      fireEvent.pointerDown(window, { pointerType: 'touch' });
    });
    expect(screen.getByText('Tap Not 3 or 3.')).toBeInTheDocument();
    act(() => {
      fireEvent.pointerDown(window, { pointerType: 'mouse' });
    });
    expect(screen.getByText('Keys: ← Not 3, → 3')).toBeInTheDocument();
  });
});
