import { anyJson, type Endpoint } from './endpoint.ts';
import { listDocument, singleDocument } from './json-api.ts';
import {
  createWebhookRequest,
  triggerWebhookResponse,
  updateWebhookRequest,
  webhookNotificationResource,
  webhookResource,
} from './webhook.ts';

/** Webhooks, their events, sender addresses and notifications. */
export const WEBHOOK_ENDPOINTS: readonly Endpoint[] = [
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
];
