/**
 * The transport events a container goes through, by phase of its journey, in the words an operations
 * analyst uses. Written from the event names of the tracking API.
 */
export const MILESTONE_GLOSSARY = `# Container milestones

Every transport event is named \`container.transport.<milestone>\`. In journey order:

## At origin
- **empty_out**: the empty container was picked up from the depot to be loaded by the shipper.
- **full_in**: the loaded container was gated in at the port of lading (POL).
- **vessel_loaded**: loaded onto the vessel at the POL.
- **vessel_departed**: the vessel left the POL. \`estimated.vessel_departed\` means the ETD changed.

## Transshipment and feeder legs
- **transshipment_arrived**, **transshipment_discharged**, **transshipment_loaded**, **transshipment_departed**:
  the container changes vessel at an intermediate port. Long gaps between discharged and loaded are a
  common cause of delay.
- **feeder_arrived**, **feeder_discharged**, **feeder_loaded**, **feeder_departed**: the same on a feeder
  vessel or barge.

## At the port of discharge (POD)
- **vessel_arrived**: the vessel arrived at the POD. \`estimated.vessel_arrived\` (and the shipment-level
  \`shipment.estimated.arrival\`) mean the ETA changed.
- **vessel_berthed**: the vessel is alongside the berth.
- **vessel_discharged**: the container was unloaded from the vessel.
- **available**: the terminal reports the container can be picked up (no holds, discharged).
- **not_available**: it cannot be picked up yet (holds, not discharged, or not yet located).
- **full_out**: the container left the terminal full (picked up by the trucker or railed out).

## Inland and rail
- **rail_loaded**, **rail_departed**, **rail_arrived**, **rail_unloaded**: the inland rail leg.
- **arrived_at_inland_destination**: arrived at the inland rail destination.
  \`estimated.arrived_at_inland_destination\` means its ETA changed.

## End of the journey
- **delivered**: marked delivered to the consignee (set by hand, not by a carrier).
- **empty_in**: the empty container was returned; tracking of this container is complete.

## Dates that cost money
- **Last free day (LFD)**: the last day the container may stay at the terminal without demurrage.
  The shown LFD comes from the line, else the terminal, else the rail carrier.
- **Holds**: \`freight\`, \`customs\`, \`USDA\`, \`VACIS\`, \`TMF\` or \`other\`, each \`pending\` or \`hold\`; a container on
  hold cannot be picked up even when discharged.
- **Fees**: \`demurrage\`, \`exam\`, \`extended_dwell_time\`, \`other\` and \`total\`.

## Container status (current_status)
\`new\`, \`on_ship\`, \`available\`, \`not_available\`, \`grounded\`, \`on_rail\`, \`picked_up\`, \`off_dock\`,
\`delivered\`, \`dropped\`, \`loaded\`, \`empty_returned\`, \`awaiting_inland_transfer\`.
`;
