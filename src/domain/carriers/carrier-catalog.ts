import { z } from 'zod';
import catalogJson from './data/carriers.json' with { type: 'json' };

const carrierSchema = z.object({
  scac: z.string().regex(/^[A-Z]{4}$/),
  name: z.string().min(1),
  short_name: z.string().min(1),
  /** Other names the line goes by (former names, spellings): `GET /shipping_lines?search=` finds them. */
  alternative_names: z.array(z.string().min(1)).default([]),
  alternative_scacs: z.array(z.string()),
  bol_prefix: z.string().nullable(),
  tracked_upstream: z.boolean(),
  tracking_support: z.object({
    bill_of_lading: z.boolean(),
    booking_number: z.boolean(),
    container_number: z.boolean(),
  }),
  /** Owner codes + U registered to the carrier itself: a strong sign of the line that moves the box. */
  container_prefixes: z.array(z.string().regex(/^[A-Z]{3}[UJZ]$/)),
  /** Owner codes of a group company or leasing arm: a weak sign, shared with a sister line. */
  group_container_prefixes: z.array(z.string().regex(/^[A-Z]{3}[UJZ]$/)),
  bl_prefixes: z.array(z.string().regex(/^[A-Z]{4}$/)),
  bl_formats: z.array(z.string()),
  booking_formats: z.array(z.string()),
});

const catalogSchema = z.object({
  about: z.string(),
  carriers: z.array(carrierSchema),
  lessors: z.array(z.object({ name: z.string(), container_prefixes: z.array(z.string()) })),
  /** Forwarders and NVOCCs whose SCAC prints in front of their house bills: not any line's number. */
  forwarders: z.array(z.object({ name: z.string(), scac: z.string().regex(/^[A-Z]{4}$/) })).default([]),
  /** The web domains of lines' own sites, by SCAC: a tracking-page link pasted whole names its line. */
  web_domains: z.record(z.string(), z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/))).default({}),
});

export type CarrierRecord = z.infer<typeof carrierSchema>;

export interface Carrier {
  readonly scac: string;
  readonly name: string;
  readonly shortName: string;
  readonly alternativeNames: readonly string[];
  readonly alternativeScacs: readonly string[];
  readonly bolPrefix: string | null;
  readonly trackingSupport: CarrierRecord['tracking_support'];
  readonly containerPrefixes: readonly string[];
  readonly groupContainerPrefixes: readonly string[];
  readonly blPrefixes: readonly string[];
  readonly blFormats: readonly RegExp[];
  readonly bookingFormats: readonly RegExp[];
}

export interface CarrierCatalog {
  readonly carriers: readonly Carrier[];
  bySCAC(scac: string): Carrier | undefined;
  /** Carriers that own the prefix outright (usually one). */
  ownersOf(prefix: string): readonly Carrier[];
  /** Carriers whose group companies own the prefix. */
  groupOwnersOf(prefix: string): readonly Carrier[];
  /** The leasing company that owns the prefix, if any. */
  lessorOf(prefix: string): string | undefined;
  /** Carriers that put this 4-letter code in front of their bills of lading (SCAC, BL prefix, alternative SCAC). */
  blPrefixOwners(prefix: string): readonly Carrier[];
  /** The forwarder whose SCAC this is, if any: its house bills carry it in front. */
  forwarderOf(prefix: string): string | undefined;
  /** The line whose own site this host is (`www.maersk.com`, `elines.coscoshipping.com`), if any. */
  lineOfHost(host: string): Carrier | undefined;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
};

/** Builds the lookup tables of a catalog; throws on a record that breaks the schema. */
export function buildCarrierCatalog(input: unknown): CarrierCatalog {
  const parsed = catalogSchema.parse(input);
  const carriers: Carrier[] = parsed.carriers.map((record) => ({
    scac: record.scac,
    name: record.name,
    shortName: record.short_name,
    alternativeNames: record.alternative_names,
    alternativeScacs: record.alternative_scacs,
    bolPrefix: record.bol_prefix,
    trackingSupport: record.tracking_support,
    containerPrefixes: record.container_prefixes,
    groupContainerPrefixes: record.group_container_prefixes,
    blPrefixes: record.bl_prefixes,
    blFormats: record.bl_formats.map((source) => new RegExp(source)),
    bookingFormats: record.booking_formats.map((source) => new RegExp(source)),
  }));
  const byScac = new Map(carriers.map((carrier) => [carrier.scac, carrier]));
  const owners = new Map<string, Carrier[]>();
  const groupOwners = new Map<string, Carrier[]>();
  const blOwners = new Map<string, Carrier[]>();
  for (const carrier of carriers) {
    for (const prefix of carrier.containerPrefixes) push(owners, prefix, carrier);
    for (const prefix of carrier.groupContainerPrefixes) push(groupOwners, prefix, carrier);
    const blCodes = [carrier.scac, ...carrier.blPrefixes, ...carrier.alternativeScacs];
    if (carrier.bolPrefix !== null) blCodes.push(carrier.bolPrefix);
    for (const code of blCodes) push(blOwners, code, carrier);
  }
  const lessors = new Map<string, string>();
  for (const lessor of parsed.lessors) {
    for (const prefix of lessor.container_prefixes) lessors.set(prefix, lessor.name);
  }
  const forwarders = new Map(parsed.forwarders.map((forwarder) => [forwarder.scac, forwarder.name]));
  const domains = new Map<string, Carrier>();
  for (const [scac, names] of Object.entries(parsed.web_domains)) {
    const carrier = byScac.get(scac);
    if (carrier === undefined)
      throw new Error(`web_domains names ${scac}, which is no carrier of the catalog`);
    for (const name of names) domains.set(name, carrier);
  }
  const lineOfHost = (host: string): Carrier | undefined => {
    // The registrable domain and its subdomains: `www.`, `elines.`, `ecomm.` in front are the line's own.
    const labels = host.toLowerCase().replace(/\.$/, '').split('.');
    for (let start = 0; start < labels.length - 1; start++) {
      const carrier = domains.get(labels.slice(start).join('.'));
      if (carrier !== undefined) return carrier;
    }
    return undefined;
  };
  return {
    carriers,
    bySCAC: (scac) => byScac.get(scac.toUpperCase()),
    ownersOf: (prefix) => owners.get(prefix) ?? [],
    groupOwnersOf: (prefix) => groupOwners.get(prefix) ?? [],
    lessorOf: (prefix) => lessors.get(prefix),
    blPrefixOwners: (prefix) => blOwners.get(prefix) ?? [],
    forwarderOf: (prefix) => forwarders.get(prefix),
    lineOfHost,
  };
}

/** The project's carrier data (data/carriers.json; sources and licences in data/SOURCES.md). */
export const CARRIER_CATALOG: CarrierCatalog = buildCarrierCatalog(catalogJson);
