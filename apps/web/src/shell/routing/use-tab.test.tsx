import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { useTab } from './use-tab';

function Tabs() {
  const [tab, setTab] = useTab('upload', ['mine', 'upload', 'custom'] as const);
  return (
    <>
      <p>Current: {tab}</p>
      <button onClick={() => setTab('custom')}>Custom</button>
    </>
  );
}

describe('useTab', () => {
  it('reads ?tab=, falls back to the default for unknown values, and writes the query', async () => {
    renderWithProviders(<Tabs />, { path: '/x?tab=mine&modal=pickImage' });
    expect(screen.getByText('Current: mine')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Custom' }));
    expect(screen.getByText('Current: custom')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/x?tab=custom&modal=pickImage');
  });

  it('uses the default without a tab', () => {
    renderWithProviders(<Tabs />, { path: '/x?tab=bogus' });
    expect(screen.getByText('Current: upload')).toBeInTheDocument();
  });
});
