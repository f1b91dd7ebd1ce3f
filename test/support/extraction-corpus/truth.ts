import type { CorpusType, HeldoutLanguage } from './vocabulary.ts';

/** The truth file's shape, shared by the generator that writes it and the scorer that reads it. */

export const INPUT_KINDS = [
  'text_pdf',
  'image_pdf',
  'png',
  'jpeg',
  'tiff',
  'photo_sideways',
  'noisy_scan',
] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

export interface PortTruth {
  /** The name as printed on the document. */
  name: string;
  locode: string;
}

export type TruthValue = string | number | readonly string[] | PortTruth;

export interface CorpusDocument {
  id: string;
  /** File name inside the corpus folder. */
  file: string;
  type: CorpusType;
  language: HeldoutLanguage;
  input_kind: InputKind;
  /** What made this one differ: title variant, label layout, font, degradations. */
  variant: string;
  pages: number;
  /** Expected fields, normalized. A field of the type that is absent here is not on the document. */
  fields: Record<string, TruthValue>;
}

export interface CorpusTruth {
  about: string;
  seed: number;
  documents: CorpusDocument[];
}

export type FieldKind =
  | 'id'
  | 'name'
  | 'date'
  | 'decimal'
  | 'integer'
  | 'currency'
  | 'port'
  | 'containers'
  | 'list'
  | 'scac';

export const FIELD_KINDS: Readonly<Record<string, FieldKind>> = {
  invoice_number: 'id',
  invoice_date: 'date',
  supplier_name: 'name',
  total_amount: 'decimal',
  currency: 'currency',
  bill_of_lading_number: 'id',
  shipper: 'name',
  consignee: 'name',
  notify_party: 'name',
  vessel_name: 'name',
  voyage_number: 'id',
  port_of_loading: 'port',
  port_of_discharge: 'port',
  container_numbers: 'containers',
  seal_numbers: 'list',
  scac: 'scac',
  eta: 'date',
  etd: 'date',
  last_free_day: 'date',
  packing_list_number: 'id',
  package_count: 'integer',
  gross_weight_kg: 'decimal',
  delivery_order_number: 'id',
  booking_number: 'id',
};

/** The fields scored per type: the ones the issue asks for. `other` has none. */
export const TYPE_FIELDS: Readonly<Record<CorpusType, readonly string[]>> = {
  commercial_invoice: ['invoice_number', 'invoice_date', 'supplier_name', 'total_amount', 'currency'],
  bill_of_lading: [
    'bill_of_lading_number',
    'shipper',
    'consignee',
    'notify_party',
    'vessel_name',
    'voyage_number',
    'port_of_loading',
    'port_of_discharge',
    'container_numbers',
    'seal_numbers',
    'scac',
  ],
  arrival_notice: [
    'bill_of_lading_number',
    'container_numbers',
    'vessel_name',
    'voyage_number',
    'eta',
    'port_of_discharge',
    'last_free_day',
  ],
  packing_list: [
    'packing_list_number',
    'shipper',
    'consignee',
    'container_numbers',
    'package_count',
    'gross_weight_kg',
  ],
  delivery_order: [
    'delivery_order_number',
    'bill_of_lading_number',
    'consignee',
    'container_numbers',
    'vessel_name',
    'port_of_discharge',
  ],
  booking_confirmation: [
    'booking_number',
    'shipper',
    'vessel_name',
    'voyage_number',
    'port_of_loading',
    'port_of_discharge',
    'etd',
  ],
  other: [],
};
