/**
 * The administrators' Users dialog on a phone: one card per user with its status, roles and
 * App admin switch in sight (the table hid them past the screen's right edge); a desktop keeps
 * the table.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { APP_ADMIN_FLAG, DEVOP_FLAG, type account } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../test/render';
import { UsersModal } from './users-modal';

function user(id: string, first: string, last: string, status: 'active' | 'pending', admin: boolean): account.AccountRecord {
  return {
    _id: id,
    _email: `${first.toLowerCase()}@example.org`,
    _firstName: first,
    _lastName: last,
    name: `${first} ${last}`,
    title: '',
    [DEVOP_FLAG]: admin,
    [APP_ADMIN_FLAG]: admin,
    status,
    createdAt: '2026-11-01T09:00:00.000Z',
    programme: '',
    university: '',
    awards: [],
  };
}

const USERS = [user('u1', 'Ada', 'Admin', 'active', true), user('u2', 'Mary', 'Somerville', 'pending', false)];

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : jsonResponse(200, { users: USERS, total: 2 }))),
  );
}

const props = { close: () => undefined, params: new URLSearchParams() };

describe('the Users dialog', () => {
  it('on a phone: a card per user with status, roles and a labelled App admin switch', async () => {
    window.innerWidth = 360;
    stubServer();
    renderWithProviders(<UsersModal {...props} />);

    const cards = within(await screen.findByRole('list', { name: 'Users' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('App administrator')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('switch', { name: 'App admin: Ada Admin' })).toBeChecked();
    expect(within(cards[1]!).getByText('mary@example.org')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Pending')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('switch', { name: 'App admin: Mary Somerville' })).not.toBeChecked();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('on a desktop: the table', async () => {
    stubServer();
    renderWithProviders(<UsersModal {...props} />);

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('cell', { name: 'mary@example.org' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
  });
});
