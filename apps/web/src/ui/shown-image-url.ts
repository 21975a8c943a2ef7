/**
 * The address to put in an `<img>` for a user-given image URL (ADR 058). The CSP's `img-src`
 * allows only our own origin, `data:`, `blob:` and the avatar service, so an image on any other
 * host is loaded through the server's image proxy, which checks it is a real image on a public
 * host. Every place that shows a user-given external image URL goes through here.
 */
import { API_BASE } from '@chi/contract';

/** The avatar service (SPEC §7) is allowed by the CSP itself; its URLs stay as they are. */
export const AVATAR_HOST = 'www.gravatar.com';

export function shownImageUrl(url: string, origin: string = window.location.origin): string {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  if (parsed.origin === origin || parsed.host === AVATAR_HOST) return url;
  return `${API_BASE}/image-proxy?url=${encodeURIComponent(parsed.href)}`;
}
