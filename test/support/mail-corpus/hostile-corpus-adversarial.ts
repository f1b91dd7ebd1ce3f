/**
 * The third round of the corpus, part two: messages written to break a reader, each named after what it
 * breaks. Nesting five hundred deep, part headers that never end, names that decode to a path, archives
 * that lie about their sizes and counts, Content-Type fields with nothing in them.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { tinyPdf, zip } from './corpus-bytes.ts';
import { base64Lines, type CorpusMessage, headers, pdfPart, raw } from './corpus-message.ts';

/** A base64 part of `bytes` after the given header lines. */
const part = (lines: string, bytes: Buffer): string =>
  `${lines}
Content-Transfer-Encoding: base64

${base64Lines(bytes)}`;

/** A message of `parts` in one multipart/mixed. */
const mixed = (name: string, parts: readonly string[]): CorpusMessage =>
  raw(
    name,
    () => `${headers(name, 'multipart/mixed; boundary="adv"')}
${parts.map((text) => `--adv\n${text}\n`).join('')}--adv--
`,
  );

/** How much the lying entry of `zip-entry-lies-about-its-size` really inflates to. */
export const LYING_ENTRY_INFLATED_BYTES = 64 * 1024 * 1024;

/**
 * A ZIP whose first entry declares 1 KB uncompressed (so no ratio check looks at it) but whose deflated
 * bytes inflate to 64 MB; its second entry is honest.
 */
function zipWithLyingEntry(): Buffer {
  const inflated = Buffer.alloc(LYING_ENTRY_INFLATED_BYTES);
  inflated.write('%PDF-1.4\n', 0, 'latin1');
  const honest = tinyPdf('the honest entry beside the liar');
  const entries = [
    { name: 'claims-1kb.pdf', data: deflateRawSync(inflated, { level: 9 }), crc: 0, size: 1024 },
    { name: 'honest.pdf', data: deflateRawSync(honest), crc: crc32(honest), size: honest.length },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'latin1');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A ZIP of two PDFs whose end record claims 65,535 entries. */
function zipClaimingMoreEntries(): Buffer {
  const archive = zip([
    { name: 'one.pdf', data: tinyPdf('one of two, said to be of 65535') },
    { name: 'two.pdf', data: tinyPdf('two of two, said to be of 65535') },
  ]);
  const end = archive.length - 22;
  archive.writeUInt16LE(0xffff, end + 8);
  archive.writeUInt16LE(0xffff, end + 10);
  return archive;
}

export const NESTED_MULTIPART_DEPTH = 500;

export const HOSTILE_CORPUS_ADVERSARIAL: readonly CorpusMessage[] = [
  raw('five-hundred-nested-multiparts', () => {
    let text = '';
    for (let level = 0; level < NESTED_MULTIPART_DEPTH; level += 1) {
      text += `Content-Type: multipart/mixed; boundary="n${level}"\n\n--n${level}\n`;
    }
    text += `${pdfPart('five-hundred-down.pdf', 'five hundred multiparts down')}\n`;
    for (let level = NESTED_MULTIPART_DEPTH - 1; level >= 0; level -= 1) text += `--n${level}--\n`;
    return `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: five-hundred-nested-multiparts
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <five-hundred-nested-multiparts@corpus.example>
MIME-Version: 1.0
${text}`;
  }),
  raw(
    'part-headers-never-end',
    () => `${headers('part-headers-never-end', 'multipart/mixed; boundary="ph"')}
--ph
Content-Type: text/plain
X-Note: the blank line that ends these headers never comes
--ph
${pdfPart('after-endless-headers.pdf', 'after a part whose headers never end')}
--ph
Content-Type: application/pdf; name="headers-only.pdf"
Content-Disposition: attachment; filename="headers-only.pdf"
Content-Transfer-Encoding: base64
--ph--
`,
  ),
  {
    name: 'headers-without-final-line-end',
    // No blank line and no line end after the last field: the message stops inside its header block.
    build: async () =>
      Buffer.from(
        `${headers('headers-without-final-line-end', 'text/plain').replace(/\n/g, '\r\n')}X-Last: cut here`,
        'latin1',
      ),
  },
  mixed('percent-encoded-traversal-names', [
    part(
      "Content-Type: application/pdf\nContent-Disposition: attachment; filename*=utf-8''%2e%2e%2f%2e%2e%2fetc%2fpasswd.pdf",
      tinyPdf('rfc 2231 percent traversal'),
    ),
    part('Content-Type: application/pdf; name="%2e%2e%2f.pdf"', tinyPdf('literal percent traversal')),
    part(
      "Content-Type: application/pdf\nContent-Disposition: attachment; filename*=utf-8''%252e%252e%255cboot.pdf",
      tinyPdf('double-encoded traversal'),
    ),
    part(
      "Content-Type: application/pdf\nContent-Disposition: attachment; filename*=utf-8''..%c0%af..%c0%afoverlong.pdf",
      tinyPdf('overlong utf-8 slash'),
    ),
    part(
      'Content-Type: application/pdf\nContent-Disposition: attachment; filename="=?utf-8?B?Li4vLi4vZXRjL3NoYWRvdy5wZGY=?="',
      tinyPdf('encoded-word traversal'),
    ),
  ]),
  mixed('pdf-that-is-a-zip', [
    part(
      'Content-Type: application/pdf; name="invoice.pdf"\nContent-Disposition: attachment; filename="invoice.pdf"',
      zip([{ name: 'real-invoice.pdf', data: tinyPdf('the pdf inside a zip named pdf') }]),
    ),
  ]),
  mixed('zip-entry-lies-about-its-size', [
    part('Content-Type: application/zip; name="liar.zip"', zipWithLyingEntry()),
  ]),
  mixed('zip-entry-names-empty-and-dots', [
    part(
      'Content-Type: application/zip; name="odd-names.zip"',
      zip([
        { name: '', data: tinyPdf('entry with no name') },
        { name: '..', data: tinyPdf('entry named dot dot') },
        { name: '.', data: tinyPdf('entry named dot') },
        { name: 'a/../../b.pdf', data: tinyPdf('entry climbing out of a folder') },
        { name: '../', data: tinyPdf('entry named as a folder') },
      ]),
    ),
  ]),
  mixed('zip-duplicate-entry-names', [
    part(
      'Content-Type: application/zip; name="twice.zip"',
      zip([
        { name: 'invoice.pdf', data: tinyPdf('the first entry named invoice.pdf') },
        { name: 'invoice.pdf', data: tinyPdf('the second entry named invoice.pdf') },
        { name: 'invoice.pdf', data: tinyPdf('the first entry named invoice.pdf') },
      ]),
    ),
  ]),
  mixed('zip-entry-count-lies', [
    part('Content-Type: application/zip; name="count.zip"', zipClaimingMoreEntries()),
    pdfPart('beside-the-lying-zip.pdf', 'beside the zip whose count lies'),
  ]),
  raw('base64-padding-inside-the-stream', () => {
    // Encoded block by block and joined, as some mailers do: padding in the middle, and a line of it.
    const pdf = tinyPdf('base64 padded block by block');
    const blocks = [pdf.subarray(0, 100), pdf.subarray(100, 301), pdf.subarray(301)];
    return `${headers('base64-padding-inside-the-stream', 'multipart/mixed; boundary="pad"')}
--pad
Content-Type: application/pdf; name="blocks.pdf"
Content-Transfer-Encoding: base64

${blocks.map((block) => block.toString('base64')).join('\n')}
--pad--
`;
  }),
  raw('base64-with-list-footer-appended', () => {
    // A list server appends its footer to a single-part message: text after the base64, in the same body.
    return `${headers('base64-with-list-footer-appended', 'application/pdf; name="listed.pdf"', 'Content-Transfer-Encoding: base64\n')}
${base64Lines(tinyPdf('a pdf with a list footer after it'))}
_______________________________________________
Ops-list mailing list -- https://lists.example/ops
`;
  }),
  mixed('two-content-type-fields', [
    part(
      'Content-Type: application/pdf; name="first-says-pdf.pdf"\nContent-Type: text/plain',
      tinyPdf('a pdf whose first content type says so'),
    ),
    part(
      'Content-Type: text/plain\nContent-Type: application/pdf; name="second-says-pdf.pdf"',
      tinyPdf('a pdf whose second content type says so'),
    ),
    'Content-Type: text/plain; charset=us-ascii\nContent-Type: text/plain; charset=utf-8\n\nTwo text types: still the body.',
  ]),
  mixed('content-type-empty-or-garbled', [
    part(
      'Content-Type: application/pdf;;; name="a.pdf";; charset=; =x; name\nContent-Disposition: attachment;; filename=; filename="garbled.pdf"; size=abc',
      tinyPdf('garbled parameters'),
    ),
    part('Content-Type: ;\nContent-Disposition: ;filename', tinyPdf('empty content type')),
    part('Content-Type:\nContent-Disposition: attachment', tinyPdf('no content type value')),
  ]),
];
