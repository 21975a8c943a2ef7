/**
 * UI audit: researchers see the product's words, not the developers' references ("(ADR 017)",
 * "(decision record 013)"): none in any English or Danish text of the web client, nor in the
 * timing columns' help, whose texts live in its component.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { TimingColumnHelp } from './timing-column-help';

const REFERENCE = /\bADR[ -]?\d|decision record|beslutningsnotat/i;

/** Every string in a texts file, with its key path. */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${path}.${key}`));
  return [];
}

describe('no developer references on researchers\' screens', () => {
  it('no English or Danish text names an ADR or a decision record', () => {
    const files = import.meta.glob<unknown>('../../../**/{en,dk}.json', { eager: true, import: 'default' });
    expect(Object.keys(files).length).toBeGreaterThan(20);
    const found = Object.entries(files).flatMap(([file, texts]) => strings(texts, file)).filter(([, text]) => REFERENCE.test(text));
    expect(found).toEqual([]);
  });

  it('the timing columns\' help leads with plain words in English and Danish', () => {
    const { unmount } = renderWithProviders(<TimingColumnHelp />);
    expect(screen.getByText('Every game times its answers the same way.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Timing columns' }).textContent).not.toMatch(REFERENCE);
    unmount();
    renderWithProviders(<TimingColumnHelp />, { language: 'dk' });
    expect(screen.getByText('Alle spil tager tid på svarene på samme måde.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tidskolonner' }).textContent).not.toMatch(REFERENCE);
  });
});
