/**
 * Writes the mail corpus into test/fixtures/mail:
 *   npx tsx test/support/mail-corpus/write-mail-corpus.ts
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAIL_CORPUS } from './mail-corpus.ts';

const dir = join(import.meta.dirname, '..', '..', 'fixtures', 'mail');
for (const message of MAIL_CORPUS) {
  await writeFile(join(dir, `${message.name}.eml`), await message.build());
}
console.log(`wrote ${MAIL_CORPUS.length} messages to test/fixtures/mail`);
