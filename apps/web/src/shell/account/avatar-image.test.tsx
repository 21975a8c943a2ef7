import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { StatusMessage } from '../status/status-message';
import { AVATAR_OPERATION, AvatarImage } from './avatar-image';

function renderAvatar(language: 'en' | 'dk' = 'en') {
  renderWithProviders(
    <>
      <AvatarImage src="https://www.gravatar.com/avatar/abc?d=identicon&s=160" alt="Profile image of Ada Lovelace" name="Ada Lovelace">
        AL
      </AvatarImage>
      <StatusMessage operation={AVATAR_OPERATION} />
    </>,
    { language },
  );
}

describe('<AvatarImage> (SPEC §8: an avatar load failure emits an error)', () => {
  it('shows the picture and no error while it loads', () => {
    renderAvatar();
    expect(screen.getByRole('img', { name: 'Profile image of Ada Lovelace' })).toHaveAttribute('src', expect.stringContaining('gravatar.com'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a picture that fails to load falls back to the initials and reports an error status', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAvatar();
    fireEvent.error(screen.getByRole('img', { name: 'Profile image of Ada Lovelace' }));
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The picture could not be loaded, so your initials are shown instead.');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Avatar Error'));
  });

  it('says so in Danish', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAvatar('dk');
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('alert')).toHaveTextContent('Billedet kunne ikke indlæses');
  });
});
