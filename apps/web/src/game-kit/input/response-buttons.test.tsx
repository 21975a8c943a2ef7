import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ResponseButtons, TAP_SLOP_PX, responseHandlers } from './response-buttons';
import { resetHintStyle } from './input-hints';

const OPTIONS = [
  { response: 'ArrowLeft', label: 'not 3', keyLabel: '←', keySide: 'start' },
  { response: 'ArrowRight', label: '3', keyLabel: '→', keySide: 'end' },
] as const;

afterEach(() => resetHintStyle());

describe('the answer buttons (issue 18)', () => {
  it('answer on pointerdown with its time and pointer type; the click after it is no second answer', () => {
    const onResponse = vi.fn();
    renderWithProviders(<ResponseButtons options={OPTIONS} onResponse={onResponse} label="Your answer" />);
    const right = within(screen.getByRole('group', { name: 'Your answer' })).getByRole('button', { name: '3' });
    fireEvent.pointerDown(right, { button: 0, pointerType: 'touch' });
    fireEvent.click(right, { detail: 1 });
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse.mock.calls[0]?.[0]).toMatchObject({ response: 'ArrowRight', modality: 'touch', respondedAt: expect.any(Number) });
  });

  it('count Enter or Space on a focused button (a click with detail 0) as a key, and ignore a mouse\'s other buttons', () => {
    const onResponse = vi.fn();
    renderWithProviders(<ResponseButtons options={OPTIONS} onResponse={onResponse} label="Your answer" />);
    const left = screen.getByRole('button', { name: 'not 3' });
    fireEvent.pointerDown(left, { button: 2, pointerType: 'mouse' });
    fireEvent.click(left, { detail: 0 });
    expect(onResponse.mock.calls.map(([given]) => [given.response, given.modality])).toEqual([['ArrowLeft', 'key']]);
  });

  it('with commit "tap", answer at the release of a press that stayed put, timed by the press; a swipe or a scroll picks nothing', () => {
    const onResponse = vi.fn();
    renderWithProviders(
      <div role="group" aria-label="Options">
        <button type="button" {...responseHandlers('A', onResponse, undefined, { commit: 'tap' })}>
          Option A
        </button>
      </div>,
    );
    const option = screen.getByRole('button', { name: 'Option A' });
    // A swipe that starts on the option: it moves beyond the slop before the finger lifts.
    fireEvent.pointerDown(option, { button: 0, pointerType: 'touch', pointerId: 1, clientX: 100, clientY: 300 });
    fireEvent.pointerUp(option, { pointerType: 'touch', pointerId: 1, clientX: 100, clientY: 300 - TAP_SLOP_PX - 30 });
    // The browser takes a press over for scrolling.
    fireEvent.pointerDown(option, { button: 0, pointerType: 'touch', pointerId: 2, clientX: 100, clientY: 300 });
    fireEvent.pointerCancel(option, { pointerType: 'touch', pointerId: 2 });
    fireEvent.pointerUp(option, { pointerType: 'touch', pointerId: 2, clientX: 100, clientY: 300 });
    expect(onResponse).not.toHaveBeenCalled();

    fireEvent.pointerDown(option, { button: 0, pointerType: 'touch', pointerId: 3, clientX: 100, clientY: 300 });
    expect(onResponse).not.toHaveBeenCalled();
    fireEvent.pointerUp(option, { pointerType: 'touch', pointerId: 3, clientX: 104, clientY: 303 });
    fireEvent.click(option, { detail: 1 });
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse.mock.calls[0]?.[0]).toMatchObject({ response: 'A', modality: 'touch' });
  });

  it('show the keys after a key press and hide them after a touch', () => {
    renderWithProviders(<ResponseButtons options={OPTIONS} onResponse={vi.fn()} label="Your answer" />);
    fireEvent.keyDown(window, { key: 'a' });
    expect(screen.getByText('←')).toBeInTheDocument();
    fireEvent.pointerDown(window, { pointerType: 'touch' });
    expect(screen.queryByText('←')).toBeNull();
    // The key hint is decoration: the button's name stays the answer.
    expect(screen.getByRole('button', { name: 'not 3' })).toBeInTheDocument();
  });

  it('look identical: one variant, and no hover fill that would single out the last answer (issue 25 item 9)', () => {
    renderWithProviders(<ResponseButtons options={OPTIONS} onResponse={vi.fn()} label="Your answer" />);
    const [left, right] = within(screen.getByRole('group', { name: 'Your answer' })).getAllByRole('button');
    const look = (button: HTMLElement | undefined) => ({
      variant: button?.getAttribute('data-variant'),
      className: button?.className,
      bg: button?.style.getPropertyValue('--button-bg'),
      hover: button?.style.getPropertyValue('--button-hover'),
    });
    expect(look(left)).toEqual(look(right));
    expect(look(left).hover).toBe(look(left).bg);
  });
});
