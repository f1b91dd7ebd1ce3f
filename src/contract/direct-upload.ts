import { z } from 'zod';
import { fileName } from './file-name.ts';

/** Rails ActiveStorage direct uploads: plain JSON, not JSON:API. */
export const directUploadRequest = z.object({
  blob: z.object({
    filename: fileName('Filename'),
    content_type: z.string().min(1).max(255),
    byte_size: z.number().int().nonnegative(),
    /** Base64 of the binary MD5 digest of the bytes. */
    checksum: z
      .string()
      .regex(/^[A-Za-z0-9+/]{22}==$/, 'checksum must be the base64 MD5 digest of the bytes'),
  }),
});
export type DirectUploadRequest = z.infer<typeof directUploadRequest>;

export const directUploadResponse = z.object({
  id: z.string(),
  key: z.string(),
  filename: z.string(),
  content_type: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  service_name: z.string(),
  byte_size: z.number().int(),
  checksum: z.string(),
  created_at: z.string(),
  signed_id: z.string(),
  direct_upload: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }),
});
export type DirectUploadResponse = z.infer<typeof directUploadResponse>;
