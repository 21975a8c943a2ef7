/** Short links (SPEC §7 Other): a short URL `<origin>/s/<code>` that redirects to an http(s) URL. */
import { z } from 'zod';
import { defineAction } from '../api';

export const SHORT_LINK_MAX_URL = 2048;
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9]{8}$/;

/** Only absolute http(s) URLs: a short link must never become a `javascript:` or `data:` redirect. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === 'http:' || protocol === 'https:';
}

/** CREATE_SHORT_LINK: a short URL for `url`; the same URL from the same user answers the same code. */
export const create = defineAction({
  name: 'CREATE_SHORT_LINK',
  app: 'app',
  dataType: 'ShortLink',
  endpoint: 'create',
  summary: 'Create a short link (http or https URL, at most 2048 characters). Anonymous calls are rate-limited.',
  input: z.object({
    url: z
      .string({ error: 'url is required' })
      .trim()
      .max(SHORT_LINK_MAX_URL, { message: `url must be at most ${SHORT_LINK_MAX_URL} characters` })
      .refine(isHttpUrl, { message: 'url must be an http or https URL' }),
  }),
  output: z.object({ shortUrl: z.string(), code: z.string() }),
  access: 'public',
});

export const SHORT_LINK_DESCRIPTORS = [create] as const;
