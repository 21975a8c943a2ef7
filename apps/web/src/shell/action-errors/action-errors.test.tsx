import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ActionErrors } from './action-errors';
import { pushActionError } from './action-error-store';
import { OUTDATED_PAGE } from '../api/errors';
import { addAppResources } from '../i18n/i18n';
import assistantsEn from '../../apps/assistants/i18n/en.json';
import assistantsDk from '../../apps/assistants/i18n/dk.json';

describe('action errors', () => {
  it('shows a box titled "<action> Error" with the message and no close button', () => {
    renderWithProviders(<ActionErrors />);
    act(() => void pushActionError('GET_OPENAPI', 'The server is currently unavailable.'));
    const box = screen.getByRole('alertdialog', { name: 'Load API reference Error' });
    expect(box).toHaveTextContent('Load API reference Error');
    expect(box).toHaveTextContent('The server is currently unavailable.');
    expect(within(box).queryByRole('button')).not.toBeInTheDocument();
  });

  it("names an area's action from the area's texts, in the page's language", () => {
    const { i18n } = renderWithProviders(<ActionErrors />, { language: 'dk' });
    act(() => void pushActionError('UPLOAD_ASSISTANT_FILES', 'Server error.'));
    expect(screen.getByRole('alertdialog', { name: 'Fejl: UPLOAD_ASSISTANT_FILES' })).toBeInTheDocument();
    act(() => {
      addAppResources(i18n, 'assistants', { en: assistantsEn, dk: assistantsDk });
      pushActionError('UPLOAD_ASSISTANT_FILES', 'Server error.');
    });
    const boxes = screen.getAllByRole('alertdialog', { name: 'Fejl: Upload filer' });
    expect(boxes).toHaveLength(2);
    expect(boxes[1]).toHaveTextContent('Serverfejl.');
  });

  it('falls back to the descriptor name when the action has no label', () => {
    renderWithProviders(<ActionErrors />);
    act(() => void pushActionError('LIST_THINGS', 'Server error.'));
    expect(screen.getByRole('alertdialog', { name: 'LIST_THINGS Error' })).toBeInTheDocument();
  });

  it('stacks several boxes and dismisses each by a click anywhere on it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ActionErrors />);
    act(() => {
      pushActionError('GET_OPENAPI', 'first');
      pushActionError('GET_CONFIG', 'second');
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(2);
    await user.click(screen.getByText('first'));
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog', { name: 'Load settings Error' })).toBeInTheDocument();
    await user.click(screen.getByRole('alertdialog'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('is translated', () => {
    renderWithProviders(<ActionErrors />, { language: 'dk' });
    act(() => void pushActionError('GET_OPENAPI', 'Server error.'));
    const box = screen.getByRole('alertdialog', { name: 'Fejl: Indlæs API-reference' });
    expect(box).toHaveTextContent('Serverfejl.');
  });

  it('tells a page left open across a deploy to reload, in Danish too (ADR 080)', () => {
    renderWithProviders(<ActionErrors />, { language: 'dk' });
    act(() => void pushActionError('GET_OPENAPI', OUTDATED_PAGE.message));
    const box = screen.getByRole('alertdialog', { name: 'Fejl: Indlæs API-reference' });
    expect(box).toHaveTextContent('Serveren er blevet opdateret, efter at denne side blev åbnet. Genindlæs siden for at fortsætte.');
  });
});
