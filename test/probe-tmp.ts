import { HOSTILE_CORPUS } from './support/mail-corpus/hostile-corpus.ts';
import { makeTempDir, readFixture } from './support/mail-corpus/read-fixture.ts';

const { dir, cleanup } = await makeTempDir();
const only = process.argv[2];
for (const m of HOSTILE_CORPUS) {
  if (only && m.name !== only) continue;
  const t = Date.now();
  try {
    const r = await readFixture(m.name, dir);
    await r.dispose();
    console.log(
      `${m.name} (${Date.now() - t}ms) subject=${JSON.stringify(r.metadata.subject)} from=${r.metadata.from} refusal=${JSON.stringify(r.refusal)}`,
    );
    console.log('   docs', JSON.stringify(r.documents.map((d) => [d.partPath, d.fileName, d.contentType])));
    console.log(
      '   skip',
      JSON.stringify(r.skipped.slice(0, 5).map((d) => [d.partPath, d.fileName, d.reason, d.detail])),
      r.skipped.length,
    );
  } catch (e) {
    console.log(`${m.name} THREW`, e);
  }
}
await cleanup();
