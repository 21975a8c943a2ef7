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

/** A short link as its owner sees it in their list. */
export const shortLinkSchema = z.object({
  code: z.string(),
  url: z.string(),
  shortUrl: z.string(),
  createdAt: z.string(),
});
export type ShortLink = z.infer<typeof shortLinkSchema>;

export const SHORT_LINK_PAGE_SIZE = 50;

/** LIST_MY_SHORT_LINKS: the caller's own short links, newest first (anonymous links belong to nobody). */
export const listMine = defineAction({
  name: 'LIST_MY_SHORT_LINKS',
  app: 'app',
  dataType: 'ShortLink',
  endpoint: 'listMine',
  summary: 'List the short links the signed-in user made, newest first, paged.',
  input: z.object({
    offset: z.number().int().min(0).max(1_000_000).optional().default(0),
    limit: z.number().int().min(1).max(100).optional().default(SHORT_LINK_PAGE_SIZE),
  }),
  output: z.object({ links: z.array(shortLinkSchema), total: z.number().int() }),
  access: 'read',
});

/** DELETE_SHORT_LINK: removes one of the caller's own short links; it stops redirecting. */
export const remove = defineAction({
  name: 'DELETE_SHORT_LINK',
  app: 'app',
  dataType: 'ShortLink',
  endpoint: 'delete',
  withId: true,
  summary: 'Delete one of your short links by its code; 404 for a code that is not yours.',
  input: z.object({}),
  output: z.object({ _status: z.literal('deleted') }),
  access: 'read',
});

export const SHORT_LINK_DESCRIPTORS = [create, listMine, remove] as const;
