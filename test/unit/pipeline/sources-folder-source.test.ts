import { createHash } from 'node:crypto';
import { link, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import type { IntakeMessage } from '../../../pipeline/messages.ts';
import type { Queue } from '../../../pipeline/ports.ts';
import { FolderSource, type FolderSourceOptions } from '../../../pipeline/sources/folder-source.ts';
import { parseIntake } from '../../../pipeline/stages/ingest.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { MemoryBlobStore } from './ingest-fakes.ts';
import { sampleGif, sampleJpeg, samplePdf, samplePng, sampleTiff } from './sources-sample-files.ts';

const STABILITY_MS = 1_000;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('FolderSource.scan', () => {
  let root: string;
  let inbox: string;
  let clock: ManualClock;
  let blobs: MemoryBlobStore;
  let db: DatabaseSync;
  let queue: EmbeddedQueue;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'stevedore-folder-'));
    inbox = join(root, 'inbox');
    await mkdir(inbox);
    clock = new ManualClock();
    blobs = new MemoryBlobStore();
    db = openDatabase(':memory:');
    queue = new EmbeddedQueue(new SqliteQueue(db, { name: 'intake', clock }));
  });
  afterEach(async () => {
    db.close();
    await rm(root, { recursive: true, force: true });
  });

  const source = (options: Partial<FolderSourceOptions> = {}) =>
    new FolderSource({
      inbox,
      blobs,
      queue,
      clock,
      logger: silentLogger,
      maxBytes: 1_000_000,
      stabilityMs: STABILITY_MS,
      ...options,
    });

  /** Two looks at the inbox, the stability interval apart: enough to take every complete file. */
  const scanTwice = async (folder: FolderSource) => {
    await folder.scan();
    clock.advance(STABILITY_MS);
    await folder.scan();
  };

  const messages = async (): Promise<IntakeMessage[]> =>
    (await queue.receive({ maxMessages: 10 })).map((message) => parseIntake(message.body));
  const list = async (folder: string) => (await readdir(folder).catch(() => [])).sort();

  it('stages, enqueues and archives a complete file', async () => {
    const bytes = samplePdf('one');
    await writeFile(join(inbox, 'invoice.pdf'), bytes);
    const folder = source();
    await scanTwice(folder);

    const [message, ...others] = await messages();
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      kind: 'intake',
      sha256: sha256(bytes),
      md5Base64: createHash('md5').update(bytes).digest('base64'),
      sizeBytes: bytes.byteLength,
      contentType: 'application/pdf',
      // The origin names where the file is now, under the name it got there.
      origin: { source: 'folder', fileName: 'invoice.pdf', location: join(root, 'archive', 'invoice.pdf') },
    });
    expect(message?.correlationId).toBe(message?.origin.originId);
    expect(message?.blobKey).toBe(`staged/${message?.origin.originId}`);
    expect(blobs.blobs.get(message?.blobKey ?? '')).toEqual(bytes);
    expect(await list(inbox)).toEqual([]);
    expect(await readFile(join(root, 'archive', 'invoice.pdf'))).toEqual(bytes);
    expect(folder.stats()).toEqual({ taken: 1, rejected: 0, failures: 0, waiting: 0 });
  });

  it('does not take a file before it has been unchanged for the stability interval', async () => {
    const path = join(inbox, 'growing.pdf');
    await writeFile(path, samplePdf('start'));
    const folder = source();
    await folder.scan();
    clock.advance(STABILITY_MS - 1);
    await folder.scan();
    await writeFile(path, samplePdf('start and more'), { flag: 'a' });
    clock.advance(STABILITY_MS);
    await folder.scan();
    expect(await messages()).toEqual([]);
    expect(await list(inbox)).toEqual(['growing.pdf']);
    clock.advance(STABILITY_MS);
    await folder.scan();
    expect(await messages()).toHaveLength(1);
  });

  it.each([
    ['PNG', 'scan.png', samplePng(), 'image/png'],
    ['JPEG', 'photo.jpg', sampleJpeg(), 'image/jpeg'],
    ['TIFF', 'fax.tif', sampleTiff(), 'image/tiff'],
    ['a PDF named .txt', 'misnamed.txt', samplePdf('x'), 'application/pdf'],
  ])('accepts %s by its magic bytes', async (_label, name, bytes, contentType) => {
    await writeFile(join(inbox, name), bytes);
    await scanTwice(source());
    expect((await messages()).map((message) => message.contentType)).toEqual([contentType]);
  });

  it.each([
    ['an empty file', 'empty.pdf', Buffer.alloc(0), 'empty'],
    ['a GIF', 'picture.pdf', sampleGif(), 'unsupported_type'],
    ['plain text', 'notes.pdf', Buffer.from('not a pdf at all'), 'unsupported_type'],
    [
      'a file over the size cap',
      'huge.pdf',
      Buffer.concat([samplePdf('big'), Buffer.alloc(2_000)]),
      'too_large',
    ],
  ])('sets aside %s into rejected/ with a reason file', async (_label, name, bytes, reason) => {
    await writeFile(join(inbox, name), bytes);
    const folder = source({ maxBytes: 1_000 });
    await scanTwice(folder);

    expect(await messages()).toEqual([]);
    expect(await list(inbox)).toEqual([]);
    expect(await list(join(root, 'rejected'))).toEqual([name, `${name}.reason.txt`]);
    expect(await readFile(join(root, 'rejected', name))).toEqual(bytes);
    const why = await readFile(join(root, 'rejected', `${name}.reason.txt`), 'utf8');
    expect(why).toContain(`reason: ${reason}`);
    expect(why).toContain(`file: ${name}`);
    expect(folder.stats().rejected).toBe(1);
    expect(await folder.setAsideNow()).toBe(1);
    // A new start counts what sits in rejected/, not what it set aside itself.
    expect(await source({ maxBytes: 1_000 }).setAsideNow()).toBe(1);
  });

  it('takes files in subfolders and archives them under the same relative path', async () => {
    await mkdir(join(inbox, 'acme', '2026'), { recursive: true });
    await writeFile(join(inbox, 'acme', '2026', 'invoice.pdf'), samplePdf('nested'));
    await scanTwice(source());
    const [message] = await messages();
    expect(message?.origin.location).toBe(join(root, 'archive', 'acme', '2026', 'invoice.pdf'));
    expect(message?.origin.fileName).toBe('invoice.pdf');
    expect(await readFile(join(root, 'archive', 'acme', '2026', 'invoice.pdf'))).toEqual(samplePdf('nested'));
    expect(await list(join(inbox, 'acme', '2026'))).toEqual([]);
  });

  it('records the numbered archive name in the origin', async () => {
    await mkdir(join(root, 'archive'));
    await writeFile(join(root, 'archive', 'invoice.pdf'), 'earlier');
    await writeFile(join(inbox, 'invoice.pdf'), samplePdf('second'));
    await scanTwice(source());
    const [message] = await messages();
    expect(message?.origin.location).toBe(join(root, 'archive', 'invoice (1).pdf'));
  });

  it('leaves ignored names, subfolders when turned off, and symbolic links where they are', async () => {
    const ignored = ['.hidden.pdf', 'download.pdf.part', 'copy.tmp', 'chrome.crdownload', '~$owner.docx'];
    for (const name of ignored) await writeFile(join(inbox, name), samplePdf(name));
    await mkdir(join(inbox, 'keep'));
    await writeFile(join(inbox, 'keep', 'nested.pdf'), samplePdf('nested'));
    await writeFile(join(root, 'outside.pdf'), samplePdf('outside'));
    await symlink(join(root, 'outside.pdf'), join(inbox, 'link.pdf'));

    await mkdir(join(inbox, '.hidden-folder'));
    await writeFile(join(inbox, '.hidden-folder', 'secret.pdf'), samplePdf('hidden'));

    await scanTwice(source({ subfolders: false }));
    expect(await messages()).toEqual([]);
    await scanTwice(source());
    expect((await messages()).map((message) => message.origin.fileName)).toEqual(['nested.pdf']);
    expect(await list(inbox)).toEqual([...ignored, '.hidden-folder', 'keep', 'link.pdf'].sort());
    expect(await list(join(inbox, '.hidden-folder'))).toEqual(['secret.pdf']);
  });

  it('never overwrites a file in the archive', async () => {
    const archive = join(root, 'archive');
    await mkdir(archive);
    await writeFile(join(archive, 'invoice.pdf'), 'earlier');
    await writeFile(join(archive, 'invoice (1).pdf'), 'earlier too');
    await writeFile(join(inbox, 'invoice.pdf'), samplePdf('new'));
    await scanTwice(source());
    expect(await readFile(join(archive, 'invoice.pdf'), 'utf8')).toBe('earlier');
    expect(await readFile(join(archive, 'invoice (1).pdf'), 'utf8')).toBe('earlier too');
    expect(await readFile(join(archive, 'invoice (2).pdf'))).toEqual(samplePdf('new'));
  });

  it('stages the same bytes under two names as two origins, each with its own copy', async () => {
    await writeFile(join(inbox, 'a.pdf'), samplePdf('same'));
    await writeFile(join(inbox, 'b.pdf'), samplePdf('same'));
    await scanTwice(source());
    const [first, second] = await messages();
    expect(first?.sha256).toBe(second?.sha256);
    expect(first?.origin.originId).not.toBe(second?.origin.originId);
    expect(first?.blobKey).not.toBe(second?.blobKey);
    expect(blobs.blobs.size).toBe(2);
  });

  it('keeps the file in the inbox when enqueueing fails, and takes it on a later try', async () => {
    await writeFile(join(inbox, 'invoice.pdf'), samplePdf('retry'));
    let failSend = true;
    const flaky: Queue = {
      name: queue.name,
      send: async (body) => {
        if (failSend) throw new Error('queue unavailable');
        return queue.send(body);
      },
      receive: (options) => queue.receive(options),
      delete: (handle) => queue.delete(handle),
      changeVisibility: (handle, seconds) => queue.changeVisibility(handle, seconds),
    };
    const folder = source({ queue: flaky, retryDelayMs: 5_000 });
    await scanTwice(folder);
    expect(await list(inbox)).toEqual(['invoice.pdf']);
    expect(folder.stats()).toMatchObject({ taken: 0, failures: 1 });

    failSend = false;
    clock.advance(4_999);
    await folder.scan();
    expect(await list(inbox)).toEqual(['invoice.pdf']);
    clock.advance(1);
    await folder.scan();
    expect(await list(inbox)).toEqual([]);
    expect(await messages()).toHaveLength(1);
  });

  it('sends nothing and keeps the file when the archive cannot take it', async () => {
    await writeFile(join(inbox, 'invoice.pdf'), samplePdf('crash'));
    await writeFile(join(root, 'archive'), 'a file where the archive folder should be');
    const crashing = source();
    await expect(crashing.start()).rejects.toThrow();
    await scanTwice(crashing);
    expect(await list(inbox)).toEqual(['invoice.pdf']);
    expect(await messages()).toEqual([]);

    await rm(join(root, 'archive'));
    await scanTwice(source()); // a fresh process
    expect(await messages()).toHaveLength(1);
    expect(await list(inbox)).toEqual([]);
  });

  it('re-sends under the same origin and archive name after a crash before the inbox name was removed', async () => {
    await writeFile(join(inbox, 'invoice.pdf'), samplePdf('crash'));
    await scanTwice(source());
    // The state a crash leaves between the send and the unlink: the same file under both names.
    await link(join(root, 'archive', 'invoice.pdf'), join(inbox, 'invoice.pdf'));
    await scanTwice(source()); // a fresh process
    const [before, after] = await messages();
    expect(after?.origin.originId).toBe(before?.origin.originId);
    expect(after?.origin.location).toBe(before?.origin.location);
    expect(await list(join(root, 'archive'))).toEqual(['invoice.pdf']);
    expect(await list(inbox)).toEqual([]);
  });

  it('shows the file under a safe display name but archives it under its own', async () => {
    await writeFile(join(inbox, 'bad\nname\u202E.pdf'), samplePdf('name'));
    await scanTwice(source());
    const [message] = await messages();
    expect(message?.origin.fileName).toBe('bad_name_.pdf');
    expect(await list(join(root, 'archive'))).toEqual(['bad\nname\u202E.pdf']);
  });
});
