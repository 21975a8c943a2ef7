import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, TEST_CONFIG } from '../../../test/render';
import { addAppResources } from '../../../shell/i18n/i18n';
import { appModule } from '../routes';
import { ChangePasswordSection } from './account-sections';
import { ProfileSection } from './profile-section';
import { chooseImage } from '../../../shell/documents/image-choice';
import { setSessionUser, useSessionUser } from '../../../shell/session/session-store';

const user = { name: 'Ada Lovelace', _id: 'u1', email: 'ada@example.org', '©isDevOp': true, '©isAppAdmin': true };

/** The app's texts arrive with its chunk in the real shell; here they are added before the first render. */
function WithAppTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  addAppResources(i18n, 'app', appModule.resources);
  return children;
}

function withApp(language: 'en' | 'dk' = 'en', ui: ReactNode = <ChangePasswordSection user={user} />) {
  return renderWithProviders(<WithAppTexts>{ui}</WithAppTexts>, { language });
}

describe('/cloud → Change password', () => {
  it('clears "The current password is incorrect." as soon as the person types again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/v1/config'
          ? jsonResponse(200, TEST_CONFIG)
          : jsonResponse(400, { Error: { name: 'Password Error', message: 'The current password is incorrect.', code: 400 } }),
      ),
    );
    const person = userEvent.setup({ delay: null });
    withApp();
    await person.type(screen.getByLabelText(/^Current password/), 'wrong password');
    await person.type(screen.getByLabelText(/^New password/), 'a new password');
    await person.type(screen.getByLabelText(/^Repeat new password/), 'a new password');
    await person.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    await person.type(screen.getByLabelText(/^Current password/), 'x');
    await waitFor(() => expect(screen.queryByText('The current password is incorrect.')).not.toBeInTheDocument());
  }, 20_000);
});

describe('/cloud → Profile roles', () => {
  it.each([
    ['en', ['Developer operator', 'App administrator']],
    ['dk', ['Driftsudvikler', 'App-administrator']],
  ] as const)('names the roles for people in %s, never the internal flag', async (language, names) => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, TEST_CONFIG)));
    const { container } = withApp(language, <ProfileSection user={user} />);
    for (const name of names) expect(await screen.findByText(name)).toBeInTheDocument();
    expect(container).not.toHaveTextContent('©is');
  });
});

describe('/cloud → Profile image', () => {
  function CurrentProfile() {
    const current = useSessionUser();
    return current ? <ProfileSection user={current} /> : null;
  }

  it('the image chosen in the picker becomes the profile image, saved on the account; Use Default goes back', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
        if (url.endsWith('/action/setProfileImage')) {
          const body = JSON.parse(String(init?.body)) as { imageUrl: string | null };
          sent.push(body);
          return jsonResponse(200, {
            _id: 'u1', _email: 'ada@example.org', _firstName: 'Ada', _lastName: 'Lovelace', name: 'Ada Lovelace', title: '',
            '©isDevOp': false, '©isAppAdmin': false, isGuest: false, imageUrl: body.imageUrl,
          });
        }
        return jsonResponse(404, {});
      }),
    );
    setSessionUser({ ...user, '©isDevOp': false, '©isAppAdmin': false });
    const person = userEvent.setup();
    withApp('en', <CurrentProfile />);
    const avatar = () => screen.getByRole('img', { name: 'Profile image of Ada Lovelace' });
    await waitFor(() => expect(avatar().getAttribute('src')).toMatch(/gravatar/));

    const choose = async (choice: { url: string | null; name: string; source: 'custom' | 'default' }) => {
      await person.click(screen.getByRole('button', { name: 'Change profile image' }));
      const pickFor = new URLSearchParams(screen.getByTestId('location').textContent?.split('?')[1]).get('pickFor');
      expect(pickFor).toBeTruthy();
      act(() => chooseImage(pickFor ?? '', choice));
    };
    await choose({ url: 'https://example.org/me.png', name: 'me', source: 'custom' });
    await waitFor(() => expect(avatar()).toHaveAttribute('src', '/api/v1/image-proxy?url=https%3A%2F%2Fexample.org%2Fme.png'));
    expect(sent).toEqual([{ imageUrl: 'https://example.org/me.png' }]);
    expect(screen.getByText('Your profile image has been changed.')).toBeInTheDocument();

    await choose({ url: null, name: 'Default image', source: 'default' });
    await waitFor(() => expect(avatar().getAttribute('src')).toMatch(/gravatar/));
    expect(sent).toEqual([{ imageUrl: 'https://example.org/me.png' }, { imageUrl: null }]);
  }, 20_000);
});

