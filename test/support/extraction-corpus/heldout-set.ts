import { Canvas } from './heldout-canvas.ts';
import type { HeldoutDocument } from './heldout-cargo.ts';
import type { CorpusDocument, InputKind } from './truth.ts';

/** A generated document of a held-out set: its bytes and its truth. */
export interface HeldoutSetFile {
  bytes: Uint8Array;
  truth: CorpusDocument;
}

/** A held-out set: its text documents, then scans of some of them, each damaged its own way. */
export interface HeldoutSet<Damage extends { readonly kind: InputKind }> {
  /** In each document's variant: `heldout-2`, `heldout-3`. */
  readonly label: string;
  readonly documents: readonly HeldoutDocument[];
  /** A scan: the name of the document scanned, and how. */
  readonly scans: ReadonlyArray<readonly [name: string, damage: Damage]>;
  describe(damage: Damage): string;
  damage(pdf: Uint8Array, damage: Damage, letter: boolean): Promise<{ bytes: Uint8Array; extension: string }>;
}

/** The document at `position` of `set` (text PDFs first, then the scans); `scan: false` skips rasterizing. */
export async function generateSetDocument<Damage extends { readonly kind: InputKind }>(
  set: HeldoutSet<Damage>,
  position: number,
  options: { scan?: boolean } = {},
): Promise<HeldoutSetFile> {
  const id = (name: string, kind: InputKind): string =>
    `${String(position + 1).padStart(3, '0')}-${name}${kind === 'text_pdf' ? '' : `-${kind.replace(/_/g, '-')}`}`;
  const scan = position >= set.documents.length ? set.scans[position - set.documents.length] : null;
  const document = scan === null ? set.documents[position] : set.documents.find((d) => d.name === scan?.[0]);
  if (document === undefined || scan === undefined)
    throw new RangeError(`no held-out document at ${position}`);
  const canvas = await Canvas.create(document.face, document.letter === true);
  document.draw(canvas);
  const pdf = await canvas.save();
  const kind: InputKind = scan === null ? 'text_pdf' : scan[1].kind;
  const name = id(document.name, kind);
  const truth: CorpusDocument = {
    id: name,
    file: `${name}.pdf`,
    type: document.type,
    language: document.language,
    input_kind: kind,
    variant: `${set.label} ${document.face}${scan === null ? '' : `; ${set.describe(scan[1])}`}`,
    pages: canvas.pageCount,
    fields: document.fields,
  };
  if (scan === null || options.scan === false) return { bytes: pdf, truth };
  const damaged = await set.damage(pdf, scan[1], document.letter === true);
  return {
    bytes: damaged.bytes,
    truth: {
      ...truth,
      file: `${name}.${damaged.extension}`,
      pages: damaged.extension === 'pdf' ? truth.pages : 1,
    },
  };
}
