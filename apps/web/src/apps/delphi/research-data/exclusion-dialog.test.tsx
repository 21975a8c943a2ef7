/**
 * The exclusion dialog says a missing reason at its field in the page's language (a Danish
 * researcher saw the contract's English), sends nothing without one, and says another refusal
 * from the server in the page's language too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS, type delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../../test/render';
import { appModule } from '../routes';
import { useDataNamespace } from './i18n/data-namespace';
import { ExclusionDialog } from './exclusion-dialog';

const PARTICIPANT = { participantId: 'P7', suiteId: 'S7', createdAt: '2026-11-28T09:00:00.000Z', run: 'live', studyVersion: 1, games: [], responses: 0, excluded: false, flags: [] } as delphi.ParticipantRecord;

function Dialog() {
  useDataNamespace();
  return <ExclusionDialog target={{ participant: PARTICIPANT, action: 'exclude' }} onClose={() => undefined} onDone={() => undefined} />;
}

function stubServer(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : jsonResponse(answer.status, answer.body)));
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.filter(([url]) => url !== '/api/v1/config').length;
}

afterEach(() => vi.unstubAllGlobals());

describe('ExclusionDialog', () => {
  it('asks for a reason in Danish at its field, and sends nothing', async () => {
    const sent = stubServer({ status: 200, body: {} });
    renderWithProviders(<Dialog />, { language: 'dk', app: appModule });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ekskludér' }));
    expect(screen.getByRole('textbox', { name: /^Begrundelse/ })).toHaveAccessibleDescription(expect.stringContaining('Skriv en begrundelse (1–500 tegn)'));
    expect(sent()).toBe(0);
  });

  it("says the server's refusal in Danish", async () => {
    stubServer({ status: 403, body: ERRORS.unauthorized });
    renderWithProviders(<Dialog />, { language: 'dk', app: appModule });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Begrundelse/ }), 'Straight-lined');
    await user.click(screen.getByRole('button', { name: 'Ekskludér' }));
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent(ERRORS.unauthorized.message);
  });
});
