import type { AnyTool } from '../tool.ts';
import { getContainer } from './get-container.ts';
import { getContainerRoute } from './get-container-route.ts';
import { getContainerTransportEvents } from './get-container-transport-events.ts';
import { getShipmentDetails } from './get-shipment-details.ts';
import { getSupportedShippingLines } from './get-supported-shipping-lines.ts';
import { listContainers } from './list-containers.ts';
import { listShipments } from './list-shipments.ts';
import { listTrackingRequests } from './list-tracking-requests.ts';
import { searchContainer } from './search-container.ts';
import { trackContainer } from './track-container.ts';

/** Every tool the MCP server offers. */
export const tools: readonly AnyTool[] = [
  searchContainer,
  trackContainer,
  getContainer,
  getShipmentDetails,
  getContainerTransportEvents,
  getSupportedShippingLines,
  getContainerRoute,
  listShipments,
  listContainers,
  listTrackingRequests,
];
