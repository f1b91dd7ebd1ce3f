import type { CustomFieldStore } from './custom-field-store.ts';
import type { AnnotationLookups } from './list-annotation-filters.ts';
import type { RowFacts } from './list-query.ts';
import type { PartyStore } from './party-store.ts';

/**
 * The party roles and custom field values of list rows, for the annotation filters. A shipment's roles
 * include its tracking request's (the customer given when tracking started); a container's, its own and
 * its shipment's.
 */
export function annotationLookups(
  parties: PartyStore,
  fields: CustomFieldStore,
  accountId: string,
): AnnotationLookups {
  // The containers of one shipment share its roles: read once per shipment of a scan.
  const ofShipments = new Map<string, ReturnType<PartyStore['rolesOf']>>();
  const shipmentRoles = (facts: RowFacts) => {
    const known = ofShipments.get(facts.ids.shipment);
    if (known !== undefined) return known;
    const read = [
      ...parties.rolesOf('shipment', facts.ids.shipment),
      ...parties.rolesOf('tracking_request', facts.ids.request),
    ];
    ofShipments.set(facts.ids.shipment, read);
    return read;
  };
  // A list scan asks for the same slugs on every row: each slug's definitions are read once per request.
  const definitions = new Map<string, ReturnType<CustomFieldStore['definitionBySlug']>>();
  const definitionOf = (entityType: 'Cargo' | 'Shipment', slug: string) => {
    const key = `${entityType}\u0000${slug}`;
    if (!definitions.has(key)) definitions.set(key, fields.definitionBySlug(accountId, entityType, slug));
    return definitions.get(key);
  };
  // Every party filter asks for the same row's roles: they are read once per row of a scan.
  const roles = new WeakMap<RowFacts, ReturnType<AnnotationLookups['rolesOf']>>();
  const readRoles = (facts: RowFacts): ReturnType<AnnotationLookups['rolesOf']> => {
    const container = facts.ids.container;
    if (container === undefined)
      return shipmentRoles(facts).map((role) => ({ ...role, level: 'own' as const }));
    return [
      ...parties.rolesOf('container', container).map((role) => ({ ...role, level: 'own' as const })),
      ...shipmentRoles(facts).map((role) => ({ ...role, level: 'shipment' as const })),
    ];
  };
  return {
    accountId,
    rolesOf: (facts) => {
      const known = roles.get(facts);
      if (known !== undefined) return known;
      const read = readRoles(facts);
      roles.set(facts, read);
      return read;
    },
    customFieldValues: (facts, slug) => {
      const values: unknown[] = [];
      const container = facts.ids.container;
      const cargo = container === undefined ? undefined : definitionOf('Cargo', slug);
      if (cargo !== undefined && container !== undefined)
        values.push(fields.fieldOf(cargo.id, container)?.value ?? null);
      const shipment = definitionOf('Shipment', slug);
      if (shipment !== undefined) values.push(fields.fieldOf(shipment.id, facts.ids.shipment)?.value ?? null);
      return values;
    },
  };
}
