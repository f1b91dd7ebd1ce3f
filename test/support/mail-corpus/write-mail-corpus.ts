/**
 * Writes the mail corpus into test/fixtures/mail, every message or only those named:
 *   npx tsx test/support/mail-corpus/write-mail-corpus.ts [name ...]
 * Composed messages get new boundaries on every build: name the messages you add or change, so the
 * others stay as committed.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAIL_CORPUS } from './mail-corpus.ts';

const dir = join(import.meta.dirname, '..', '..', 'fixtures', 'mail');
const names = new Set(process.argv.slice(2));
const unknown = [...names].filter((name) => !MAIL_CORPUS.some((message) => message.name === name));
if (unknown.length > 0) throw new Error(`not in the corpus: ${unknown.join(', ')}`);
const chosen = MAIL_CORPUS.filter((message) => names.size === 0 || names.has(message.name));
for (const message of chosen) {
  await writeFile(join(dir, `${message.name}.eml`), await message.build());
}
console.log(`wrote ${chosen.length} messages to test/fixtures/mail`);
