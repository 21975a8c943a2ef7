/**
 * Image uploads (SPEC §7 Uploads, issue 5): UPLOAD is a multipart POST with field `files`
 * (the descriptor's input schema covers no body: the server reads the multipart stream);
 * LIST_UPLOADS answers the caller's images. Files are served at `/uploads/<_id>`.
 */
import { z } from 'zod';
import { defineAction, defineRoute } from '../api';
import type { ApiDescriptor } from '../api';

/** Image types accepted, recognised by their content (magic bytes), never by name. */
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];
/** The multipart field the files travel in. */
export const UPLOAD_FIELD = 'files';
/** Where uploaded files are served (outside `/api/v1`, so `<img src>` works directly). */
export const UPLOADS_PUBLIC_PATH = '/uploads';

export const uploadedFileSchema = z.object({
  _id: z.string(),
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  _createdAt: z.string().optional(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** UPLOAD: multipart POST, field `files` (1..UPLOAD_MAX_FILES images of at most UPLOAD_MAX_BYTES each). */
export const upload = Object.freeze({
  ...defineRoute({
    name: 'UPLOAD',
    summary: 'Upload images (multipart/form-data, field "files"; PNG, JPEG, GIF or WebP by content).',
    method: 'POST',
    path: '/actions/:appId/action/upload',
    input: z.object({}),
    output: z.object({ files: z.array(uploadedFileSchema), message: z.string() }),
    access: 'read',
  }),
  endpoint: 'upload',
});

/** LIST_UPLOADS: the caller's uploaded images of one app, newest first. */
export const listUploads = defineAction({
  name: 'LIST_UPLOADS',
  app: 'app',
  dataType: 'Upload',
  endpoint: 'list',
  summary: "List the caller's uploaded images of an app (all apps when appId is absent).",
  input: z.object({ appId: z.string().max(32).optional() }),
  output: z.object({ _images: z.array(uploadedFileSchema) }),
  access: 'read',
});

export const UPLOAD_DESCRIPTORS: readonly ApiDescriptor[] = [upload, listUploads];
