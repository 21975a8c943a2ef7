/**
 * The exports list on a phone and on a desktop: a phone gets one card per file with its download
 * link in sight (the table hid it past the screen's right edge), a desktop the table.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../../test/render';
import { ExportFiles } from './export-files';
import { useDataNamespace } from './i18n/data-namespace';

const FILES: delphi.ExportFile[] = [
  { _id: 'f3', format: 'psychds', status: 'failed', progress: 10, rows: 0, createdAt: '2026-11-28T09:10:00.000Z', finishedAt: null, downloadUrl: null, error: 'The export stopped: the database was away for longer than a minute.', runs: 'live' },
  { _id: 'f2', format: 'json', status: 'running', progress: 40, rows: 400, createdAt: '2026-11-28T09:05:00.000Z', finishedAt: null, downloadUrl: null, error: null, runs: 'live' },
  { _id: 'f1', format: 'csv', status: 'done', progress: 100, rows: 1234, createdAt: '2026-11-28T09:00:00.000Z', finishedAt: '2026-11-28T09:00:04.000Z', downloadUrl: '/api/v1/files/f1', error: null, runs: 'live' },
];

function Exports() {
  useDataNamespace();
  return <ExportFiles />;
}

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : jsonResponse(200, { files: FILES }))),
  );
}

describe('the exports list', () => {
  it('on a phone: one card per file, the finished one’s download link on its card, the running one’s progress', async () => {
    window.innerWidth = 360;
    stubServer();
    renderWithProviders(<Exports />);

    const list = await screen.findByRole('list', { name: 'Exports' });
    const [failed, running, done] = within(list).getAllByRole('listitem');
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByText(/the database was away/)).toBeInTheDocument();
    expect(within(done!).getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/v1/files/f1');
    expect(within(done!).getByText('1234')).toBeInTheDocument();
    expect(within(done!).getByText('Done')).toBeInTheDocument();
    expect(within(running!).getByText('Running')).toBeInTheDocument();
    expect(within(running!).getByRole('progressbar', { name: /f2/ })).toBeInTheDocument();
    expect(within(running!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('on a desktop: the table, with the same link', async () => {
    stubServer();
    renderWithProviders(<Exports />);

    const table = await screen.findByRole('table', { name: 'Exports' });
    expect(within(table).getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/v1/files/f1');
    expect(screen.queryByRole('list', { name: 'Exports' })).not.toBeInTheDocument();
  });
});
