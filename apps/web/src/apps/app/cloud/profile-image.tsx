/**
 * The profile image on /cloud (issue 18: choosing in the image picker had no visible effect).
 * Whatever the person chooses in a picker opened from /cloud (an upload, an image address, or
 * the default) becomes their profile image, kept on the account (SET_PROFILE_IMAGE), shown
 * here and on their person card. The default (null) is the avatar from the e-mail (SPEC §2).
 */
import { useEffect, useRef } from 'react';
import { account } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { gravatarUrl, initials, isGravatarEmail } from '../../../shell/account/gravatar';
import { AvatarImage } from '../../../shell/account/avatar-image';
import { useImagePicker, type ImageChoice } from '../../../shell/documents/image-choice';
import { setSessionUser, toSessionUser, type SessionUser } from '../../../shell/session/session-store';
import { useCloudTranslation } from './i18n/use-cloud-translation';

export const PROFILE_IMAGE_OPERATION = account.setProfileImage.name;

async function applyProfileImage(choice: ImageChoice, done: string): Promise<void> {
  const result = await runAction(account.setProfileImage, { imageUrl: choice.url }, { fresh: true, successMessage: done });
  if (result.ok) setSessionUser(toSessionUser(result.data));
}

/** A picker whose choice becomes the profile image. */
export function useProfileImagePicker() {
  const { t } = useCloudTranslation();
  const picker = useImagePicker();
  const applied = useRef<ImageChoice | undefined>(undefined);
  const { lastChoice } = picker;
  useEffect(() => {
    if (!lastChoice || applied.current === lastChoice) return;
    applied.current = lastChoice;
    void applyProfileImage(lastChoice, t('profileImage.changed'));
  }, [lastChoice, t]);
  return picker;
}

export function ProfileImage({ user, size = 96 }: { user: SessionUser; size?: number }) {
  const { t } = useCloudTranslation();
  const email = user.email ?? '';
  const src = user.imageUrl || (isGravatarEmail(email) ? gravatarUrl(email, size) : null);
  return (
    <AvatarImage src={src} alt={t('profileImage.alt', { name: user.name })} size={size} radius="50%" color="initials" name={user.name}>
      {initials(user.name)}
    </AvatarImage>
  );
}
