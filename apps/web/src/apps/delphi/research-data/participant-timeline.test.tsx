/**
 * A participant's timeline says when they agreed to the consent, which version and in which
 * language they read it (ADR 079), in the page's language; an agreement without a recorded
 * language says so.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../../test/render';
import { DataTexts } from '../../../test/data-texts';
import { TimelineButton } from './participant-timeline';

function serve(entries: delphi.TimelineEntry[]) {
  const timeline = { participantId: 'P-1', lastSeen: '2026-11-28T09:00:00.000Z', entries, truncated: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : url.includes('/timeline') ? jsonResponse(200, timeline) : jsonResponse(404, {}))),
  );
}

const agreed = (detail: delphi.TimelineEntry['detail']): delphi.TimelineEntry => ({ at: '2026-11-28T08:00:00.000Z', kind: 'consentAgreed', gameName: null, detail, round: null, promptId: null });

describe('a participant’s timeline: the consent', () => {
  it('says the version and the language the consent was read in', async () => {
    serve([agreed({ version: 2, language: 'dk' })]);
    renderWithProviders(
      <DataTexts>
        <TimelineButton suiteId="su-1" participantId="P-1" />
      </DataTexts>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Timeline of participant P-1' }));
    expect(await screen.findByText('Agreed to the consent, version 2, read in Danish')).toBeInTheDocument();
  });

  it('says so in Danish, and when the language was not recorded', async () => {
    serve([agreed({ version: 1, language: null })]);
    renderWithProviders(
      <DataTexts>
        <TimelineButton suiteId="su-1" participantId="P-1" />
      </DataTexts>,
      { language: 'dk' },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: /P-1/ }));
    expect(await screen.findByText('Accepterede samtykket, version 1, læst på et sprog, der ikke blev registreret')).toBeInTheDocument();
  });
});
