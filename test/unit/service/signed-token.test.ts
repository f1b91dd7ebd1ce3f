import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../../../src/domain/clock.ts';
import { BLOB_LINK_TTL_MS, BlobTokens } from '../../../src/service/uploads/blob-tokens.ts';
import { TokenSigner } from '../../../src/service/uploads/signed-token.ts';
import type { BlobRecord } from '../../../src/service/uploads/upload-store.ts';

const secret = new Uint8Array(32).fill(7);
const claims = z.object({ bid: z.string() });

const blob: BlobRecord = {
  id: 'blob-1',
  accountId: 'account-1',
  key: 'k',
  filename: 'a b.pdf',
  contentType: 'application/pdf',
  byteSize: 1,
  checksum: 'x',
  sha256: null,
  uploadedAt: null,
  createdAt: 0,
};

describe('TokenSigner', () => {
  it('round-trips claims until the expiry, then reports expired', () => {
    const clock = new ManualClock();
    const signer = new TokenSigner(secret, clock);
    const token = signer.sign('download', { bid: 'b1' }, { expiresInMs: 1_000 });
    expect(signer.verify('download', token, claims)).toEqual({ ok: true, claims: { bid: 'b1' } });
    clock.advance(999);
    expect(signer.verify('download', token, claims).ok).toBe(true);
    clock.advance(1);
    expect(signer.verify('download', token, claims)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token minted for another purpose, with another secret, or edited', () => {
    const clock = new ManualClock();
    const signer = new TokenSigner(secret, clock);
    const token = signer.sign('upload', { bid: 'b1' });
    expect(signer.verify('download', token, claims)).toEqual({ ok: false, reason: 'invalid' });
    expect(new TokenSigner(new Uint8Array(32).fill(8), clock).verify('upload', token, claims).ok).toBe(false);

    const [payload = '', mac = ''] = token.split('--');
    const edited = Buffer.from(JSON.stringify({ pur: 'upload', bid: 'b2' })).toString('base64url');
    expect(signer.verify('upload', `${edited}--${mac}`, claims).ok).toBe(false);
    expect(signer.verify('upload', `${payload}--${mac.slice(0, -2)}`, claims).ok).toBe(false);
    expect(signer.verify('upload', 'garbage', claims).ok).toBe(false);
    expect(signer.verify('upload', '--', claims).ok).toBe(false);
  });

  // The finding: Buffer.from(x, 'hex') took upper case and ignored trailing garbage after the MAC.
  it('accepts only the exact token it wrote: no upper case, padding or trailing garbage', () => {
    const signer = new TokenSigner(secret, new ManualClock());
    const token = signer.sign('upload', { bid: 'b1' });
    const [payload = '', mac = ''] = token.split('--');
    expect(signer.verify('upload', token, claims).ok).toBe(true);
    for (const spoilt of [
      `${payload}--${mac.toUpperCase()}`,
      `${token}z`,
      `${token}00`,
      `${token}/`,
      `${payload}=--${mac}`,
      `${payload}--${mac}\n`,
      ` ${token}`,
    ]) {
      expect(signer.verify('upload', spoilt, claims), spoilt).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a genuine token whose claims break the schema', () => {
    const signer = new TokenSigner(secret, new ManualClock());
    expect(signer.verify('upload', signer.sign('upload', { bid: 42 }), claims).ok).toBe(false);
  });
});

describe('BlobTokens', () => {
  it('binds a signed id to its account', () => {
    const tokens = new BlobTokens(new TokenSigner(secret, new ManualClock()));
    const signedId = tokens.signedId(blob);
    expect(tokens.blobIdOf(signedId, 'account-1')).toBe('blob-1');
    expect(tokens.blobIdOf(signedId, 'account-2')).toBeUndefined();
  });

  it('makes upload and download links that expire after the link lifetime and are not interchangeable', () => {
    const clock = new ManualClock();
    const tokens = new BlobTokens(new TokenSigner(secret, clock));
    const upload = tokens.uploadUrl('http://127.0.0.1:4010', blob);
    const download = tokens.downloadUrl('http://127.0.0.1:4010', blob);
    const uploadToken = upload.split('/').at(-1) ?? '';
    const downloadToken = download.split('/').at(-2) ?? '';
    expect(download.endsWith('/a%20b.pdf')).toBe(true);
    expect(tokens.checkUpload(uploadToken).ok).toBe(true);
    expect(tokens.checkDownload(uploadToken).ok).toBe(false);
    expect(tokens.checkUpload(downloadToken).ok).toBe(false);
    clock.advance(BLOB_LINK_TTL_MS);
    expect(tokens.checkUpload(uploadToken)).toEqual({ ok: false, reason: 'expired' });
    expect(tokens.checkDownload(downloadToken)).toEqual({ ok: false, reason: 'expired' });
  });
});
