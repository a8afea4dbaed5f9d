/** A piece of a chat line: `latin` pieces are shown isolated (<bdi>) inside a right-to-left line. */
export type LinePiece = { text: string; latin: boolean };

// From a Latin letter to the last Latin letter, closing bracket or number written onto a word
// ("INV-0003", "R17") before Arabic or a colon: a name with its numbers, brackets and SKU
// ("Engine oil 0W-20, 1 L (ENG-OIL-5W30)"), but not the figures that follow it (": 2 في
// المخزون", ", 1,250.00"), which belong to the Arabic sentence.
const L = 'A-Za-z\\u00C0-\\u024F';
const LATIN_RUN = new RegExp(`[${L}](?:[${L}0-9 ().,/&'+#_-]*(?:[${L})\\]]|(?<=[${L}-])[0-9]+))?`, 'g');

/**
 * A line of an Arabic answer split into its Latin runs and the rest. Unisolated, a Latin part name
 * pulls the figure after it into its own left-to-right run ("Ignition coil (ENG-IGN-COIL): 2" read
 * as one piece), and wraps on a phone in an order nobody wrote.
 */
export function latinRuns(line: string): LinePiece[] {
  const pieces: LinePiece[] = [];
  let at = 0;
  for (const match of line.matchAll(LATIN_RUN)) {
    if (match.index > at) pieces.push({ text: line.slice(at, match.index), latin: false });
    pieces.push({ text: match[0], latin: true });
    at = match.index + match[0].length;
  }
  if (at < line.length) pieces.push({ text: line.slice(at), latin: false });
  return pieces;
}

/**
 * A Latin run split around its hyphenated codes (SKUs, document numbers: odd indexes), which a
 * phone must not wrap at a hyphen: "(ELE-BLB-" on one line and "LED)" on the next reorders them.
 */
export const hyphenatedCodes = (run: string): string[] => run.split(/(\S+-\S+)/);
