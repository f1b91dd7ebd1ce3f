import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { z } from 'zod';
import { makeContainerNumber } from '../../src/domain/iso6346.ts';
import { makeBillOfLadingPdf } from '../support/samples/bill-of-lading-pdf.ts';
import { e2eTest } from './support/e2e-test.ts';
import { countOutcomes, outcomeNames } from './support/outcome-files.ts';
import { authorization } from './support/service-api.ts';
import { interrupt, pickUpPorts, startUp } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';

const CONTAINERS = [makeContainerNumber('MSCU', 508_114), makeContainerNumber('MEDU', 361_902)];

const billOfLading = (shipper: string) =>
  makeBillOfLadingPdf({
    bill_of_lading_number: 'MSCUZR731145',
    scac_label: 'MSCU',
    carrier_name: 'Mediterranean Shipping Company',
    container_numbers: CONTAINERS,
    vessel: 'MSC IRINA',
    voyage: 'QE403A',
    port_of_loading: 'Ningbo, China',
    port_of_discharge: 'Antwerp, Belgium',
    shipper: { name: shipper, address: ['8 Port Avenue', 'Ningbo'] },
    consignee: { name: 'Antwerp Trading NV', address: ['Dok 12', 'Antwerpen'] },
    cargo: CONTAINERS.map(() => ({ packages: 40, description: 'BICYCLE PARTS', gross_weight_kg: '8400.00' })),
  });

const tracking = z.object({
  document_id: z.string(),
  tracking: z.object({
    ref_number: z.string(),
    numbers: z.array(
      z.object({ number: z.string(), status: z.string(), tracking_request_id: z.string().nullable() }),
    ),
  }),
});

const requestList = z.object({
  data: z.array(z.object({ id: z.string(), attributes: z.object({ ref_numbers: z.array(z.string()) }) })),
});

e2eTest(
  'up tracks the containers of a dropped bill of lading once, even when another B/L names them again',
  { timeout: 120_000 },
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const up = await startUp(e2e, workspace, await pickUpPorts());
    const results = workspace.results;

    await writeFile(join(workspace.inbox, 'msc-bl.pdf'), await billOfLading('Ningbo Cycles Ltd'));
    await waitUntil(async () => (await countOutcomes(workspace)) === 1, {
      what: 'the first result file',
      timeoutMs: 60_000,
      explain: () => e2e.describe(),
    });
    await writeFile(join(workspace.inbox, 'msc-bl-amended.pdf'), await billOfLading('Ningbo Cycles Group'));
    await waitUntil(async () => (await countOutcomes(workspace)) === 2, {
      what: 'the second result file',
      timeoutMs: 60_000,
      explain: () => e2e.describe(),
    });

    const records = await Promise.all(
      (await outcomeNames(results)).map(async (name) =>
        tracking.parse(JSON.parse(await readFile(join(results, name), 'utf8'))),
      ),
    );
    for (const number of CONTAINERS) {
      const url = new URL(`${up.baseUrl}/tracking_requests`);
      url.searchParams.set('filter[request_number]', number);
      const { data } = requestList.parse(
        await (await fetch(url, { headers: authorization(up.apiKey) })).json(),
      );
      expect(data).toHaveLength(1);
      const ids = records.map(
        (record) => record.tracking.numbers.find((entry) => entry.number === number)?.tracking_request_id,
      );
      expect(ids).toEqual([data[0]?.id, data[0]?.id]);
      expect(records.map((record) => record.document_id)).toContain(data[0]?.attributes.ref_numbers[0]);
    }

    expect(await interrupt(up.command)).toEqual({ code: 0, signal: null });
  },
);
