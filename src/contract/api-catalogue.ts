import { z } from 'zod';
import { appLinkRequest, appLinkResponse } from './app-link.ts';
import { directUploadRequest, directUploadResponse } from './direct-upload.ts';
import {
  actionAcceptedResponse,
  createDocumentRequest,
  documentResource,
  downloadUrlResponse,
  updateDocumentRequest,
} from './document.ts';
import { emailSubmissionResource } from './email-submission.ts';
import { errorDocument, listDocument, singleDocument } from './json-api.ts';
import { routeMapGeoJson } from './route-map.ts';
import {
  createTrackingRequestBody,
  refreshReply,
  trackingResource,
  updateContainerBody,
  updateShipmentBody,
  updateTrackingRequestBody,
} from './tracking.ts';
import {
  createWebhookRequest,
  triggerWebhookResponse,
  updateWebhookRequest,
  webhookNotificationResource,
  webhookResource,
} from './webhook.ts';

/** One endpoint of the service: what it takes and what it answers, by the contract's own schemas. */
export interface Endpoint {
  readonly method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** OpenAPI form, `{id}` for a path parameter, relative to `/v2` unless `root`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly request?: z.ZodType;
  readonly response: z.ZodType;
  /** The success status; 200 unless said. */
  readonly status?: number;
  /** Served at the root, not under /v2. */
  readonly root?: boolean;
  /** Paid: 403 without the account feature. */
  readonly feature?: 'refresh' | 'routing';
}

const anyJson = z.record(z.string(), z.unknown());
const tracking = (type: string) => trackingResource(type);
const searchResult = trackingResource('search_result');

/**
 * Every endpoint the local service serves. `GET /v2/openapi.json` is generated from this list, and a test
 * checks that every route the app registers is in it.
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
  {
    method: 'post',
    path: '/rails/active_storage/direct_uploads',
    summary: 'Announce a direct upload',
    tag: 'documents',
    request: directUploadRequest,
    response: directUploadResponse,
  },
  {
    method: 'post',
    path: '/rails/active_storage/direct_uploads',
    summary: 'Announce a direct upload (root path)',
    tag: 'documents',
    request: directUploadRequest,
    response: directUploadResponse,
    root: true,
  },
  {
    method: 'put',
    path: '/rails/active_storage/disk/{token}',
    summary: 'Upload the bytes (signed URL)',
    tag: 'documents',
    response: z.unknown(),
    status: 204,
    root: true,
  },
  {
    method: 'get',
    path: '/rails/active_storage/blobs/{token}/{filename}',
    summary: 'Download a file (signed URL)',
    tag: 'documents',
    response: z.unknown(),
    root: true,
  },
  {
    method: 'post',
    path: '/documents',
    summary: 'Create a document',
    tag: 'documents',
    request: createDocumentRequest,
    response: singleDocument(documentResource),
    status: 201,
  },
  {
    method: 'get',
    path: '/documents',
    summary: 'List documents',
    tag: 'documents',
    response: listDocument(documentResource),
  },
  { method: 'get', path: '/documents/types', summary: 'Document types', tag: 'documents', response: anyJson },
  {
    method: 'get',
    path: '/documents/{id}',
    summary: 'A document',
    tag: 'documents',
    response: singleDocument(documentResource),
  },
  {
    method: 'patch',
    path: '/documents/{id}',
    summary: 'Correct a document',
    tag: 'documents',
    request: updateDocumentRequest,
    response: singleDocument(documentResource),
  },
  {
    method: 'delete',
    path: '/documents/{id}',
    summary: 'Delete a document',
    tag: 'documents',
    response: z.unknown(),
    status: 204,
  },
  {
    method: 'get',
    path: '/documents/{id}/download_url',
    summary: 'Download URL',
    tag: 'documents',
    response: downloadUrlResponse,
  },
  {
    method: 'post',
    path: '/documents/{id}/reextract',
    summary: 'Extract again',
    tag: 'documents',
    response: actionAcceptedResponse,
    status: 202,
  },
  {
    method: 'post',
    path: '/documents/{id}/reclassify',
    summary: 'Classify again',
    tag: 'documents',
    response: actionAcceptedResponse,
    status: 202,
  },
  {
    method: 'post',
    path: '/documents/{id}/relink',
    summary: 'Link again',
    tag: 'documents',
    response: actionAcceptedResponse,
    status: 202,
  },
  {
    method: 'get',
    path: '/email_submissions',
    summary: 'List email submissions',
    tag: 'documents',
    response: listDocument(emailSubmissionResource),
  },
  {
    method: 'get',
    path: '/email_submissions/{id}',
    summary: 'An email submission',
    tag: 'documents',
    response: singleDocument(emailSubmissionResource),
  },
  {
    method: 'get',
    path: '/document_schemas/{id}',
    summary: 'A document schema',
    tag: 'documents',
    response: singleDocument(tracking('document_schema')),
  },
  { method: 'get', path: '/webhooks/events', summary: 'Event catalogue', tag: 'webhooks', response: anyJson },
  { method: 'get', path: '/webhooks/ips', summary: 'Sender addresses', tag: 'webhooks', response: anyJson },
  {
    method: 'post',
    path: '/webhooks/trigger',
    summary: 'Send a sample event',
    tag: 'webhooks',
    request: anyJson,
    response: triggerWebhookResponse,
  },
  {
    method: 'post',
    path: '/webhooks',
    summary: 'Create a webhook',
    tag: 'webhooks',
    request: createWebhookRequest,
    response: singleDocument(webhookResource),
    status: 201,
  },
  {
    method: 'get',
    path: '/webhooks',
    summary: 'List webhooks',
    tag: 'webhooks',
    response: listDocument(webhookResource),
  },
  {
    method: 'get',
    path: '/webhooks/{id}',
    summary: 'A webhook',
    tag: 'webhooks',
    response: singleDocument(webhookResource),
  },
  {
    method: 'patch',
    path: '/webhooks/{id}',
    summary: 'Change a webhook',
    tag: 'webhooks',
    request: updateWebhookRequest,
    response: singleDocument(webhookResource),
  },
  {
    method: 'delete',
    path: '/webhooks/{id}',
    summary: 'Delete a webhook',
    tag: 'webhooks',
    response: anyJson,
  },
  {
    method: 'get',
    path: '/webhook_notifications/examples',
    summary: 'Example payloads',
    tag: 'webhooks',
    response: anyJson,
  },
  {
    method: 'get',
    path: '/webhook_notifications',
    summary: 'List notifications',
    tag: 'webhooks',
    response: listDocument(webhookNotificationResource),
  },
  {
    method: 'get',
    path: '/webhook_notifications/{id}',
    summary: 'A notification',
    tag: 'webhooks',
    response: singleDocument(webhookNotificationResource),
  },
  {
    method: 'post',
    path: '/tracking_requests',
    summary: 'Track a container, B/L or booking',
    tag: 'tracking',
    request: createTrackingRequestBody,
    response: singleDocument(tracking('tracking_request')),
    status: 201,
  },
  {
    method: 'get',
    path: '/tracking_requests',
    summary: 'List tracking requests',
    tag: 'tracking',
    response: listDocument(tracking('tracking_request')),
  },
  {
    method: 'get',
    path: '/tracking_requests/{id}',
    summary: 'A tracking request',
    tag: 'tracking',
    response: singleDocument(tracking('tracking_request')),
  },
  {
    method: 'patch',
    path: '/tracking_requests/{id}',
    summary: 'Add a reference number',
    tag: 'tracking',
    request: updateTrackingRequestBody,
    response: singleDocument(tracking('tracking_request')),
  },
  {
    method: 'post',
    path: '/tracking_requests/infer_number',
    summary: 'Which carrier a number belongs to',
    tag: 'tracking',
    request: z.object({ number: z.string() }),
    response: anyJson,
  },
  { method: 'get', path: '/shipping_lines', summary: 'Carriers', tag: 'tracking', response: anyJson },
  { method: 'get', path: '/shipping_lines/{id}', summary: 'A carrier', tag: 'tracking', response: anyJson },
  {
    method: 'get',
    path: '/shipments',
    summary: 'List shipments',
    tag: 'tracking',
    response: listDocument(tracking('shipment')),
  },
  {
    method: 'get',
    path: '/shipments/{id}',
    summary: 'A shipment',
    tag: 'tracking',
    response: singleDocument(tracking('shipment')),
  },
  {
    method: 'patch',
    path: '/shipments/{id}',
    summary: 'Set ref_numbers and tags',
    tag: 'tracking',
    request: updateShipmentBody,
    response: singleDocument(tracking('shipment')),
  },
  {
    method: 'patch',
    path: '/shipments/{id}/stop_tracking',
    summary: 'Stop tracking',
    tag: 'tracking',
    response: singleDocument(tracking('shipment')),
  },
  {
    method: 'patch',
    path: '/shipments/{id}/resume_tracking',
    summary: 'Resume tracking',
    tag: 'tracking',
    response: singleDocument(tracking('shipment')),
  },
  {
    method: 'get',
    path: '/containers',
    summary: 'List containers',
    tag: 'tracking',
    response: listDocument(tracking('container')),
  },
  {
    method: 'get',
    path: '/containers/{id}',
    summary: 'A container',
    tag: 'tracking',
    response: singleDocument(tracking('container')),
  },
  {
    method: 'patch',
    path: '/containers/{id}',
    summary: 'Set ref_numbers',
    tag: 'tracking',
    request: updateContainerBody,
    response: singleDocument(tracking('container')),
  },
  {
    method: 'get',
    path: '/containers/{id}/transport_events',
    summary: 'Milestones so far',
    tag: 'tracking',
    response: listDocument(tracking('transport_event')),
  },
  {
    method: 'get',
    path: '/containers/{id}/raw_events',
    summary: 'Carrier milestones, past and estimated',
    tag: 'tracking',
    response: listDocument(tracking('raw_event')),
  },
  {
    method: 'patch',
    path: '/containers/{id}/refresh',
    summary: 'Refresh now (results by webhook)',
    tag: 'tracking',
    response: refreshReply,
    feature: 'refresh',
  },
  {
    method: 'get',
    path: '/containers/{id}/map_geojson',
    summary: 'Route map: ports, the vessel at sea, its track and the legs ahead, on the sea lanes',
    tag: 'tracking',
    response: routeMapGeoJson,
    feature: 'routing',
  },
  {
    method: 'get',
    path: '/containers/{id}/route',
    summary: 'Route: the ports of call in order, with each leg’s vessel, voyage and times',
    tag: 'tracking',
    response: singleDocument(tracking('route')),
    feature: 'routing',
  },
  {
    method: 'get',
    path: '/ports/{id}',
    summary: 'A port by UN/LOCODE or id',
    tag: 'tracking',
    response: singleDocument(tracking('port')),
  },
  {
    method: 'get',
    path: '/terminals/{id}',
    summary: 'A terminal',
    tag: 'tracking',
    response: singleDocument(tracking('terminal')),
  },
  {
    method: 'get',
    path: '/vessels/{id}',
    summary: 'A vessel',
    tag: 'tracking',
    response: singleDocument(tracking('vessel')),
  },
  {
    method: 'get',
    path: '/search',
    summary: 'Search by number or reference',
    tag: 'tracking',
    response: z.object({ data: z.array(searchResult) }),
  },
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
