import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { NewPageAtTop } from './new-page-at-top';

function Page({ name, to }: { name: string; to: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <h1>{name}</h1>
      <Link to={to}>next</Link>
      <Link to={`?tab=${name}`}>tab</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </div>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <NewPageAtTop />
      <Routes>
        <Route path="/intro" element={<Page name="Intro" to="/round" />} />
        <Route path="/round" element={<Page name="Round" to="/intro" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('NewPageAtTop', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the first page where the browser put it', () => {
    renderAt('/intro');
    expect(screen.getByRole('heading', { name: 'Intro' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('opens a page the app navigates to at its top, once', async () => {
    renderAt('/intro');
    await userEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(screen.getByRole('heading', { name: 'Round' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the place for a change of query (a tab) and for Back', async () => {
    renderAt('/intro');
    await userEvent.click(screen.getByRole('link', { name: 'tab' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'back' })));
    expect(screen.getByRole('heading', { name: 'Intro' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
