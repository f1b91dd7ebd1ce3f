import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../../src/extraction/document-type.ts';
import {
  DOCUMENT_SCHEMAS,
  documentJsonSchema,
  documentSchema,
  findDocumentSchema,
} from '../../../src/extraction/schemas/registry.ts';

describe('document schema registry', () => {
  it('has one entry per document type, each with a date-like version', () => {
    for (const type of DOCUMENT_TYPES) {
      const entry = documentSchema(type);
      expect(entry.documentType).toBe(type);
      expect(entry.schemaVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.label.length).toBeGreaterThan(0);
    }
    expect(Object.keys(DOCUMENT_SCHEMAS).sort()).toEqual([...DOCUMENT_TYPES].sort());
  });

  it('finds a schema by its <type>@<version> id, and nothing for an unknown version', () => {
    expect(findDocumentSchema('bill_of_lading@2026-11-24')?.label).toBe('Bill of Lading');
    expect(findDocumentSchema('bill_of_lading@2020-01-01')).toBeUndefined();
    expect(findDocumentSchema('passport@2026-11-01')).toBeUndefined();
    expect(findDocumentSchema('bill_of_lading')).toBeUndefined();
  });

  it('serves JSON Schema with typed, nullable fields', () => {
    const schema = documentJsonSchema('commercial_invoice');
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    const properties = schema.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual([
      'invoice_number',
      'invoice_date',
      'supplier_name',
      'buyer_name',
      'total_amount',
      'currency',
      'line_items',
    ]);
    expect(JSON.stringify(properties.total_amount)).toContain('"null"');
    expect(JSON.stringify(properties.invoice_date)).toContain('"format":"date"');
  });

  it('produces JSON Schema for every type', () => {
    for (const type of DOCUMENT_TYPES) {
      expect(documentJsonSchema(type)).toHaveProperty('properties');
    }
  });

  it('rejects container numbers that fail the ISO 6346 shape, and amounts that are not decimal strings', () => {
    const bl = DOCUMENT_SCHEMAS.bill_of_lading.schema;
    const valid = {
      bill_of_lading_number: 'MAEU262418530',
      scac: 'MAEU',
      container_numbers: ['MSKU1000016'],
      rejected_container_numbers: [],
      seal_numbers: [],
      vessel_name: null,
      voyage_number: null,
      port_of_loading: null,
      port_of_loading_locode: null,
      port_of_discharge: null,
      port_of_discharge_locode: null,
      shipper: null,
      consignee: null,
      notify_party: null,
    };
    expect(bl.safeParse(valid).success).toBe(true);
    expect(bl.safeParse({ ...valid, container_numbers: ['MSKU100001'] }).success).toBe(false);
    const invoice = DOCUMENT_SCHEMAS.commercial_invoice.schema;
    const base = {
      invoice_number: null,
      invoice_date: null,
      supplier_name: null,
      buyer_name: null,
      total_amount: '12345.60',
      currency: 'USD',
      line_items: null,
    };
    expect(invoice.safeParse(base).success).toBe(true);
    expect(invoice.safeParse({ ...base, total_amount: 12345.6 }).success).toBe(false);
    expect(invoice.safeParse({ ...base, total_amount: '12,345.60' }).success).toBe(false);
  });
});
