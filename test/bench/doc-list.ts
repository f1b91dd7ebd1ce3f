import { join } from 'node:path';
import { z } from 'zod';
import { documentTypes } from '../../src/contract/document.ts';
import { SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS } from '../../src/service/db/service-schema.ts';
import { SERVICE_DATABASE_FILE } from '../../src/service/service.ts';
import { migrate, openDatabase, transaction } from '../../src/store/database.ts';
import { readText } from '../../src/store/sql-row.ts';
import { startBenchService } from './support/bench-service.ts';
import { printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress } from './support/timing.ts';

/** The size the issue sets the target at, and the size it is read against. */
const LARGE = 50_000;
const SMALL = 1_000;
/** Interleaved rounds; the figure is the median over them, so one slow round (a GC, a neighbour) drops out. */
const ROUNDS = 15;
/** Requests per case per round; the round keeps the fastest, which is the cost without interference. */
const TRIES = 3;
/** File names carry one of this many words, so a word filter matches the same 1% at either size. */
const WORDS = 100;
/** Documents created in the same millisecond: ties the keyset seek must break by rowid. */
const PER_MILLISECOND = 3;

const listBody = z.object({
  data: z.array(z.unknown()),
  // A link to a page that does not exist is left out (never null), as upstream.
  links: z.object({ next: z.string().optional(), last: z.string().optional() }),
  meta: z.object({ total: z.number() }),
});

/** Writes `count` uploaded blobs and their documents straight into a fresh service database. */
async function seed(root: string, count: number): Promise<void> {
  // Start once so that the account, key and schema exist as the service makes them.
  const first = await startBenchService(root);
  await first.close();
  const db = openDatabase(join(root, 'data', SERVICE_DATABASE_FILE));
  try {
    migrate(db, SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS);
    const account = db.prepare('SELECT id FROM accounts LIMIT 1').get();
    if (account === undefined) throw new Error('the service made no account');
    const accountId = readText(account, 'id');
    const blob = db.prepare(
      `INSERT INTO blobs (id, account_id, key, filename, content_type, byte_size, checksum, sha256, uploaded_at,
         created_at) VALUES (?, ?, ?, ?, 'application/pdf', 1, 'x', ?, ?, ?)`,
    );
    const document = db.prepare(
      `INSERT INTO documents (id, account_id, blob_id, name, source, sha256, file_name, file_content_type,
         file_size_bytes, document_type, extraction_status, extraction_attempts, enqueued_attempt,
         outcome_attempt, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'api', ?, ?, 'application/pdf', 1, ?, 'extracted', 1, 1, 1, ?, ?)`,
    );
    const start = Date.UTC(2026, 0, 1);
    transaction(db, () => {
      for (let i = 0; i < count; i += 1) {
        const type = documentTypes[i % documentTypes.length] ?? 'other';
        // Every seventh document is still unclassified: NULL types sort and seek like the others.
        const documentType = i % 7 === 0 ? null : type;
        const fileName = `${type}-word${String(i % WORDS).padStart(3, '0')}-${i}.pdf`;
        const at = start + Math.floor(i / PER_MILLISECOND);
        const id = `doc-${i}`;
        blob.run(`blob-${i}`, accountId, `key-${i}`, fileName, `sha-${i}`, at, at);
        document.run(id, accountId, `blob-${i}`, fileName, `sha-${i}`, fileName, documentType, at, at);
      }
    });
  } finally {
    db.close();
  }
}

interface ListCase {
  readonly name: string;
  /** The query, given the list's size (for page numbers) and a way to ask the service first. */
  readonly query: (
    count: number,
    ask: (query: string) => Promise<z.infer<typeof listBody>>,
  ) => Promise<string>;
}

const fixed = (query: string) => async () => query;
const lastPage = (count: number, size: number) => Math.ceil(count / size);

const CASES: readonly ListCase[] = [
  { name: 'first page', query: fixed('?page[size]=30') },
  { name: 'filename filter', query: fixed('?filter[filename]=word042') },
  { name: 'two-letter filename filter', query: fixed('?filter[filename]=g-') },
  // Matches nothing: too short for a trigram, so every name is read (the known worst case).
  { name: 'rare two-letter filename filter', query: fixed('?filter[filename]=zq') },
  { name: 'broad filename filter', query: fixed('?filter[filename]=.pdf') },
  { name: 'type filter', query: fixed('?filter[document_types]=bill_of_lading,packing_list') },
  {
    name: 'created range, later half',
    query: async (n) =>
      `?filter[created_at][start]=${new Date(Date.UTC(2026, 0, 1) + Math.floor(n / PER_MILLISECOND / 2)).toISOString()}`,
  },
  {
    name: 'sort by type, last page',
    query: async (n) => `?sort=document_type&page[number]=${lastPage(n, 30)}`,
  },
  {
    name: 'sort by -type,created_at, middle page',
    query: async (n) => `?sort=-document_type,created_at&page[number]=${Math.ceil(lastPage(n, 30) / 2)}`,
  },
  {
    name: 'next link from the middle',
    query: async (n, ask) => {
      const middle = await ask(`?sort=document_type&page[number]=${Math.ceil(lastPage(n, 30) / 2)}`);
      return new URL(middle.links.next ?? 'http://x/?').search;
    },
  },
];

interface Listing {
  readonly count: number;
  time(query: string): Promise<number>;
  ask(query: string): Promise<z.infer<typeof listBody>>;
  close(): Promise<void>;
}

async function openListing(root: string, count: number): Promise<Listing> {
  progress(`doc list: seeding ${count} documents`);
  await seed(root, count);
  const bench = await startBenchService(root);
  const headers = { Authorization: `Token ${bench.service.apiKey}` };
  const request = async (query: string) => {
    const response = await bench.service.app.request(`/v2/documents${query}`, { headers });
    if (response.status !== 200) throw new Error(`GET /v2/documents${query} answered ${response.status}`);
    return listBody.parse(await response.json());
  };
  const total = (await request('?page[size]=1')).meta.total;
  if (total !== count) throw new Error(`seeded ${count} documents but the list counts ${total}`);
  return {
    count,
    ask: request,
    // In process: routing, SQL and the JSON body, without a socket whose cost is the same at any size.
    time: async (query) => {
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < TRIES; i += 1) {
        const started = performance.now();
        await request(query);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    },
    close: () => bench.close(),
  };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

await withTempDir('stevedore-bench-doc-list-', async (dir) => {
  const small = await openListing(join(dir, 'small'), SMALL);
  const large = await openListing(join(dir, 'large'), LARGE);
  try {
    const queries = await Promise.all(
      [small, large].map((listing) => Promise.all(CASES.map((c) => c.query(listing.count, listing.ask)))),
    );
    const times = CASES.map(() => ({ small: [] as number[], large: [] as number[], ratios: [] as number[] }));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [index, sample] of times.entries()) {
        const smallMs = await small.time(queries[0]?.[index] ?? '');
        const largeMs = await large.time(queries[1]?.[index] ?? '');
        sample.small.push(smallMs);
        sample.large.push(largeMs);
        sample.ratios.push(largeMs / smallMs);
      }
      progress(`doc list: round ${round}/${ROUNDS}`);
    }
    const figures = CASES.map((listCase, index) => {
      const sample = times[index] ?? { small: [], large: [], ratios: [] };
      return {
        name: listCase.name,
        small: median(sample.small),
        large: median(sample.large),
        ratio: median(sample.ratios),
      };
    });
    for (const figure of figures) {
      printResult({
        name: `doc list ${figure.name} at 50k`,
        value: figure.large,
        unit: 'ms',
        baseline: { name: 'at 1k', value: figure.small, unit: 'ms' },
        note: `median ratio ${figure.ratio.toPrecision(2)}`,
      });
    }
    const slowest = figures.reduce((a, b) => (b.large > a.large ? b : a));
    printResult({
      name: `doc list slowest case at 50k (${slowest.name})`,
      value: slowest.large,
      unit: 'ms',
      baseline: { name: 'same at 1k', value: slowest.small, unit: 'ms' },
      note: `median of per-round ratios ${slowest.ratio.toPrecision(2)}; target under 5 ms`,
    });
  } finally {
    await small.close();
    await large.close();
  }
});
