/**
 * A game's settings in the study form speak the page's language: the label and help of every
 * setting a game declares are in this area's texts in English and Danish (a Danish researcher
 * saw "Word Links: optional" and the declaration's English description).
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { delphi } from '@chi/contract';
import { renderWithProviders } from '../../../test/render';
import { useStudiesNamespace } from './i18n/studies-namespace';
import { GameSettingsFields } from './game-settings-fields';
import en from './i18n/en.json';
import dk from './i18n/dk.json';

type SettingTexts = Record<string, Record<string, { label?: string; description?: string }>>;

function Fields() {
  useStudiesNamespace();
  return <GameSettingsFields game="WordLinks" gameLabel="Word Links" settings={{}} onChange={() => undefined} />;
}

describe('GameSettingsFields', () => {
  it.each([
    ['en', en.gameSetting as SettingTexts],
    ['dk', dk.gameSetting as SettingTexts],
  ])('has a label and help in %s for every setting a game declares', (_language, texts) => {
    for (const game of delphi.GAME_NAMES) {
      for (const field of delphi.describeAttributes(delphi.GAME_DECLARATIONS[game].settings)) {
        expect(texts[game]?.[field.name]?.label, `${game}.${field.name}`).toBeTruthy();
        expect(texts[game]?.[field.name]?.description, `${game}.${field.name}`).toBeTruthy();
      }
    }
  });

  it("shows Word Links' setting in Danish on a Danish page", async () => {
    renderWithProviders(<Fields />, { language: 'dk' });
    const optional = await screen.findByRole('switch', { name: /^Word Links: Frivilligt/ });
    expect(optional).toHaveAccessibleDescription('Deltageren kan springe spillet over; forløbet er fuldført uden det.');
    expect(optional).toBeChecked();
  });

  it('and in English on an English page', async () => {
    renderWithProviders(<Fields />);
    expect(await screen.findByRole('switch', { name: /^Word Links: Optional/ })).toHaveAccessibleDescription(
      'The participant may skip the game; the suite is complete without it.',
    );
  });
});
