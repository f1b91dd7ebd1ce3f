import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderSink } from '../../../pipeline/sinks/folder-sink.ts';
import { stableJson } from '../../../pipeline/sinks/stable-json.ts';
import { attributes, DOC, failureRecord, resultRecord } from './events-fixtures.ts';

const result = resultRecord();
const failure = failureRecord();

describe('FolderSink', () => {
  let root: string;
  let sink: FolderSink;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'stevedore-sink-'));
    sink = new FolderSink(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes results/<id>.json pretty-printed with sorted keys and leaves no temp file', async () => {
    await sink.writeResult(result);

    const text = await readFile(join(root, 'results', `${DOC}.json`), 'utf8');
    expect(JSON.parse(text)).toEqual(result);
    expect(text).toBe(stableJson(result));
    expect(text.indexOf('"currency"')).toBeLessThan(text.indexOf('"total_amount"'));
    expect(text.indexOf('"document"')).toBeLessThan(text.indexOf('"status"'));
    expect(await readdir(join(root, 'results'))).toEqual([`${DOC}.json`]);
  });

  it('writes the same bytes for the same record, so a repeated write changes nothing', async () => {
    await sink.writeResult(result);
    const before = await readFile(sink.pathOf('result', DOC));
    await sink.writeResult({ ...result, document: { ...attributes() } });
    expect(await readFile(sink.pathOf('result', DOC))).toEqual(before);
  });

  it('writes failed/<id>.json and removes it idempotently', async () => {
    await sink.writeFailure(failure);
    expect(JSON.parse(await readFile(join(root, 'failed', `${DOC}.json`), 'utf8'))).toEqual(failure);

    await sink.removeFailure(DOC);
    await sink.removeFailure(DOC);
    expect(await readdir(join(root, 'failed'))).toEqual([]);
  });

  it('removing a failure before any was written is not an error', async () => {
    await expect(sink.removeFailure(DOC)).resolves.toBeUndefined();
  });

  it('replaces only the origins and digest of an existing outcome file', async () => {
    const sink = new FolderSink(root);
    const origin = {
      origin_id: 'folder-2',
      source: 'folder' as const,
      file_name: 'copy.pdf',
      location: 'inbox/copy.pdf',
      received_at: '2026-01-02T00:00:00.000Z',
    };
    const provenance = { sha256: 'b'.repeat(64), origins: [origin] };
    expect(await sink.updateOrigins(DOC, provenance)).toBe(false);
    await sink.writeResult(result);
    expect(await sink.updateOrigins(DOC, provenance)).toBe(true);
    const written = await readFile(join(root, 'results', `${DOC}.json`), 'utf8');
    expect(written).toBe(stableJson({ ...result, ...provenance }));
  });

  it('refuses a document id that is not safe as a file name', async () => {
    await expect(sink.writeResult({ ...result, document_id: '../escape' })).rejects.toThrow(/not safe/);
    await expect(sink.removeFailure('a/b')).rejects.toThrow(/not safe/);
  });
});

describe('stableJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(stableJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe(
      '{\n  "a": [\n    {\n      "c": 2,\n      "d": 1\n    }\n  ],\n  "b": 1\n}\n',
    );
  });
});
