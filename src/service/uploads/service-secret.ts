import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../domain/errors.ts';
import { errorCode } from '../../domain/system-error-code.ts';

export const SERVICE_SECRET_FILE = 'service-secret';
const SECRET_BYTES = 32;

/**
 * The key that signs blob ids and upload/download links, created on first start. It lives in the data dir
 * next to the database, so tokens survive a restart; deleting it invalidates every outstanding token.
 */
export async function loadServiceSecret(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, SERVICE_SECRET_FILE);
  try {
    // 'wx' fails when the file exists, so two processes starting at once cannot overwrite each other's secret.
    await writeFile(path, randomBytes(SECRET_BYTES).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
  const secret = Buffer.from((await readFile(path, 'utf8')).trim(), 'hex');
  if (secret.length < SECRET_BYTES) {
    throw new AppError('invalid_service_secret', `${path} does not hold a ${SECRET_BYTES}-byte hex secret`);
  }
  return secret;
}
