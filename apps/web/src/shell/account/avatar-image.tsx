/**
 * An avatar that reports when its picture cannot be loaded (SPEC §8: "Avatar load failure:
 * emits an error"; issue 25 item 16). Mantine's Avatar already falls back to the initials; this
 * also sets the error status AVATAR_OPERATION (shown where a `<StatusMessage>` for it is, cleared
 * after 10 s) and logs the address, instead of failing silently.
 */
import { Avatar, type AvatarProps } from '@mantine/core';
import { setStatus } from '../status/status-store';
import { shownImageUrl } from '../../ui/shown-image-url';
import { useAccountTranslation } from './i18n/use-account-translation';

export const AVATAR_OPERATION = 'LOAD_AVATAR';

export function AvatarImage({ src, ...props }: AvatarProps & { src: string | null; alt: string }) {
  const { t } = useAccountTranslation();
  const failed = () => {
    console.warn(`Avatar Error: the picture ${src ?? ''} could not be loaded; showing initials.`);
    setStatus(AVATAR_OPERATION, { isError: true, handled: true, body: t('avatar.loadFailed') });
  };
  return <Avatar src={src === null ? null : shownImageUrl(src)} imageProps={{ onError: failed }} {...props} />;
}
