import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FitText } from './fit-text';

afterEach(() => vi.restoreAllMocks());

/** jsdom has no layout: the text's natural width (at 72 px) and the box's width are given. */
function layout(natural: number, box: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'SPAN' ? natural : box;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => box);
}

describe('FitText (issue 18)', () => {
  it('shrinks a stimulus wider than its box before it is painted, on one line', () => {
    layout(332, 292);
    render(<FitText maxPx={72} textProps={{ 'aria-label': 'Stimulus', role: 'img' }}>173173</FitText>);
    const text = screen.getByRole('img', { name: 'Stimulus' });
    const size = parseFloat(text.style.fontSize);
    expect(size).toBeLessThan(72);
    expect((332 * size) / 72).toBeLessThanOrEqual(292);
    expect(text.style.whiteSpace).toBe('nowrap');
  });

  it('keeps the full size where the stimulus fits', () => {
    layout(200, 480);
    render(<FitText maxPx={72} textProps={{ 'aria-label': 'Stimulus', role: 'img' }}>3</FitText>);
    expect(screen.getByRole('img', { name: 'Stimulus' }).style.fontSize).toBe('72px');
  });
});
