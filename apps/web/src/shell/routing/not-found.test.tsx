import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { NOT_FOUND_DELAY_MS } from '@chi/contract';
import { renderApp } from '../../test/render';
import type { AppModule } from './app-module';

const Home = () => <p>Home view</p>;
const app: AppModule = {
  id: 'delphi',
  Home,
  Layout: () => <div data-testid="app-layout" />,
  routes: [],
  nav: [],
  resources: { en: {}, dk: {} },
};

describe('unknown paths', () => {
  it('show "Page not found" and the path after 0.5 s, not before', () => {
    vi.useFakeTimers();
    renderApp(app, { path: '/no/such/page' });
    act(() => vi.advanceTimersByTime(NOT_FOUND_DELAY_MS - 1));
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page', { selector: 'pre' })).toBeInTheDocument();
    expect(screen.getByText('There is no page at this address:')).toBeInTheDocument();
  });

  it('is translated', () => {
    vi.useFakeTimers();
    renderApp(app, { path: '/x', language: 'dk' });
    act(() => vi.advanceTimersByTime(NOT_FOUND_DELAY_MS));
    expect(screen.getByRole('heading', { name: 'Siden blev ikke fundet' })).toBeInTheDocument();
  });
});
