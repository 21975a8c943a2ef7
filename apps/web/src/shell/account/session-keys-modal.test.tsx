/**
 * The administrators' Session keys dialog on a phone: one card per key with its status, uses,
 * expiry and Revoke in sight (the table's last column, Revoke, was past the screen's right edge);
 * a desktop keeps the table.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { session } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../test/render';
import { SessionKeysModal } from './session-keys-modal';

function key(id: string, label: string, status: session.SessionKeyRecord['status'], maxUses: number | null): session.SessionKeyRecord {
  return { _id: id, label, expiresAt: '2026-12-01T09:00:00.000Z', maxUses, uses: 3, createdAt: '2026-11-28T09:00:00.000Z', createdBy: 'a1', revokedAt: status === 'revoked' ? '2026-11-28T10:00:00.000Z' : null, status };
}

/** Lists the keys; a revoke answers the key revoked. Returns the revoked ids. */
function stubServer() {
  const revoked: string[] = [];
  const keys = [key('k1', 'Pilot day', 'active', 40), key('k2', 'Lab laptop', 'revoked', null)];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
      const revoke = /\/SessionKey\/action\/revoke\/([^/?]+)/.exec(url);
      if (revoke) {
        revoked.push(revoke[1]!);
        return jsonResponse(200, { ...keys[0], status: 'revoked', revokedAt: '2026-11-28T11:00:00.000Z' });
      }
      return jsonResponse(200, { sessionKeys: keys });
    }),
  );
  return revoked;
}

const props = { close: () => undefined, params: new URLSearchParams() };

describe('the Session keys dialog', () => {
  it('on a phone: a card per key, an active one with its Revoke in sight', async () => {
    window.innerWidth = 360;
    const revoked = stubServer();
    renderWithProviders(<SessionKeysModal {...props} />);

    const cards = within(await screen.findByRole('list', { name: 'Session keys' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('Pilot day')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('3 / 40')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Revoked')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('3 / unlimited')).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.setup().click(within(cards[0]!).getByRole('button', { name: 'Revoke Pilot day' }));
    expect(await within(cards[0]!).findByText('Revoked')).toBeInTheDocument();
    expect(revoked).toEqual(['k1']);
  });

  it('on a phone in Danish: the list and its labels in Danish', async () => {
    window.innerWidth = 320;
    stubServer();
    renderWithProviders(<SessionKeysModal {...props} />, { language: 'dk' });
    const cards = within(await screen.findByRole('list', { name: 'Sessionsnøgler' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('button', { name: 'Tilbagekald Pilot day' })).toBeInTheDocument();
    expect(within(cards[1]!).getByText('3 / ubegrænset')).toBeInTheDocument();
  });

  it('on a desktop: the table', async () => {
    stubServer();
    renderWithProviders(<SessionKeysModal {...props} />);
    const table = await screen.findByRole('table', { name: 'Session keys' });
    expect(within(table).getByRole('cell', { name: 'Pilot day' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Session keys' })).not.toBeInTheDocument();
  });
});
