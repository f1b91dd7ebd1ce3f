import { z } from 'zod';
import { ANNOTATION_ENDPOINTS } from './annotation-endpoints.ts';
import { appLinkRequest, appLinkResponse } from './app-link.ts';
import { DOCUMENT_ENDPOINTS } from './document-endpoints.ts';
import { anyJson, type Endpoint } from './endpoint.ts';
import { errorDocument } from './json-api.ts';
import { TRACKING_ENDPOINTS } from './tracking-endpoints.ts';
import { WEBHOOK_ENDPOINTS } from './webhook-endpoints.ts';

export type { Endpoint };

/**
 * Every endpoint the local service serves, one file per resource group. `GET /v2/openapi.json` is
 * generated from this list, and a test checks that every route the app registers is in it.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'get',
    path: '/health',
    summary: 'Liveness',
    tag: 'service',
    response: z.object({ status: z.literal('ok') }),
  },
  { method: 'get', path: '/openapi.json', summary: 'This document', tag: 'service', response: anyJson },
  ...DOCUMENT_ENDPOINTS,
  ...WEBHOOK_ENDPOINTS,
  ...TRACKING_ENDPOINTS,
  ...ANNOTATION_ENDPOINTS,
  {
    method: 'post',
    path: '/app_links',
    summary: 'A short-lived signed link that signs a browser in to a web app page',
    tag: 'web app',
    request: appLinkRequest,
    response: appLinkResponse,
    status: 201,
  },
];

export { errorDocument };
