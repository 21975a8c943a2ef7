import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { useListState } from './use-list-state';

function Filters() {
  const [state, update] = useListState();
  return (
    <>
      <p>
        topic={state.topic ?? '-'} status={state.status ?? '-'} page={state.page}
      </p>
      <button
        onClick={() => {
          update({ topic: 'security', page: 1 });
          update({ status: 'adopted', page: 1 });
        }}
      >
        Both
      </button>
      <button onClick={() => update({ page: 3 })}>Page 3</button>
    </>
  );
}

describe('the strategies list state in the URL', () => {
  it('keeps both of two filter changes made in the same tick', () => {
    renderWithProviders(<Filters />, { path: '/quantumStrategies?page=2&modal=chunk' });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Both' }));
    });
    expect(screen.getByText('topic=security status=adopted page=1')).toBeInTheDocument();
    const search = new URLSearchParams(screen.getByTestId('location').textContent?.split('?')[1]);
    expect(search.get('topic')).toBe('security');
    expect(search.get('status')).toBe('adopted');
    expect(search.get('page')).toBeNull();
    // Parameters that are not the list's own survive.
    expect(search.get('modal')).toBe('chunk');
  });

  it('starts a later change from the URL as it is then', () => {
    renderWithProviders(<Filters />, { path: '/quantumStrategies?status=draft' });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    });
    expect(screen.getByText('topic=- status=draft page=3')).toBeInTheDocument();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Both' }));
    });
    expect(screen.getByText('topic=security status=adopted page=1')).toBeInTheDocument();
  });
});
