import { execFile, execFileSync } from 'node:child_process';

/**
 * Renders one PDF page with poppler's `pdftoppm`, when it is installed. pdf.js cannot render without a
 * canvas, and a page whose text layer is garbage drawn in fonts (not a scan) has no image to take, so
 * this is the only way to OCR it. Without `pdftoppm` such a page keeps its text layer.
 */
const PDFTOPPM = 'pdftoppm';
const RENDER_DPI = 300;

let available: boolean | undefined;

export function canRenderPages(): boolean {
  if (available === undefined) {
    try {
      execFileSync(PDFTOPPM, ['-v'], { stdio: 'ignore', timeout: 10_000 });
      available = true;
    } catch {
      available = false;
    }
  }
  return available;
}

/** The page as a gray PNG at 300 dpi. */
export function renderPage(pdf: Uint8Array, pageNumber: number, timeoutMs: number): Promise<Buffer> {
  const page = String(pageNumber);
  const args = ['-r', String(RENDER_DPI), '-f', page, '-l', page, '-gray', '-png', '-'];
  return new Promise((resolve, reject) => {
    const child = execFile(
      PDFTOPPM,
      args,
      { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: Math.max(timeoutMs, 1) },
      (error, stdout) => {
        if (error) reject(new Error(`pdftoppm failed: ${error.message}`));
        else resolve(stdout);
      },
    );
    child.stdin?.end(pdf);
  });
}
