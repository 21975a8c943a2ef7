/** Issue 25 item 15: "Log in" flashed in the header while a participant's hub loaded. */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TEST_CONFIG, jsonResponse, renderApp } from '../../../test/render';
import { setSessionCheck } from '../../../shell/session/session-store';
import { appModule as delphi } from '../routes';

describe('the header of a study link', () => {
  it('hides Log in and the researcher links from the start, while the hub loads', async () => {
    setSessionCheck('known');
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : new Promise<Response>(() => undefined))));
    renderApp(delphi, { path: '/?participantId=P1' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('CHI research framework')).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Data' })).not.toBeInTheDocument();
  });
});
