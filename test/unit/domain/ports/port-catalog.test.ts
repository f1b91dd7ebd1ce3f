import { expect, test } from 'vitest';
import { JOURNEY_PORT_CODES } from '../../../../src/domain/ports/journey-ports.ts';
import { portCatalog, portId } from '../../../../src/domain/ports/port-catalog.ts';

const ports = portCatalog();

test('every port of the data file, by UN/LOCODE in any case or by its stable id', () => {
  expect(ports.size).toBeGreaterThan(12_000);
  const rotterdam = ports.find('nlrtm');
  expect(rotterdam).toMatchObject({ locode: 'NLRTM', countryCode: 'NL', timeZone: 'Europe/Amsterdam' });
  expect(ports.find(portId('NLRTM'))).toBe(rotterdam);
  expect(ports.find(portId('NLRTM').toUpperCase())).toBe(rotterdam);
  expect(ports.find('USLAX')?.stateAbbr).toBe('CA');
  expect(ports.find('ZZZZZ')).toBeUndefined();
});

test("carriers' codes that UN/LOCODE gave to airports find the seaport", () => {
  expect(ports.find('CNSHA')?.locode).toBe('CNSGH');
  expect(ports.find('CNNGB')?.locode).toBe('CNNBG');
});

test('every port the journeys sail to is in the data, with coordinates and a time zone', () => {
  for (const code of JOURNEY_PORT_CODES) {
    const port = ports.get(code);
    expect(Number.isFinite(port.latitude) && Number.isFinite(port.longitude), code).toBe(true);
    expect(port.timeZone, code).toMatch(/^[A-Za-z_]+\/[A-Za-z_/-]+$/);
  }
});
