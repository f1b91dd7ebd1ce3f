import { z } from 'zod';

/** `POST /v2/app_links`: a page of the web app to open with a signed link. */
export const appLinkRequest = z.object({ path: z.string().min(1).max(2_000) });
export const appLinkResponse = z.object({ url: z.string(), expires_at: z.string() });
