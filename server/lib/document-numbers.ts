import { NUMBER_DIGITS, nextNumber } from '../../core/rules/numbering.ts';
import { conflict } from './app-error.ts';

/** A numbered document kind (job cards, estimates, invoices, appointments), as its module describes it. */
export type NumberedKind = {
  /** The error codes' prefix: `job_cards` gives job_cards.number_taken. */
  entity: string;
  /** What users call the number: "job number", "estimate number". */
  noun: string;
  /** The parameter naming the number in a 409: jobNumber, estimateNumber. */
  param: string;
  prefix: string;
};

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
const capitalised = (noun: string) => noun[0].toUpperCase() + noun.slice(1);

/** The number after the highest in use; 409 `<entity>.numbers_exhausted` once the last is taken. */
export function nextFree(kind: NumberedKind, highest: string | null | undefined): string {
  const number = nextNumber(kind.prefix, highest);
  if (!number) {
    throw conflict(`${kind.entity}.numbers_exhausted`, `Every ${kind.noun} up to ${kind.prefix}${'9'.repeat(NUMBER_DIGITS)} is in use`);
  }
  return number;
}

/**
 * Inserts a numbered document and answers its id. A number the client sent must be free (409
 * `<entity>.number_taken`). Without one, the number after the highest in use is tried; the insert
 * skips a number taken meanwhile (`insert` answers undefined on ON CONFLICT DO NOTHING) and the next
 * is tried, so two creates racing get two numbers.
 */
export async function insertNumbered(
  kind: NumberedKind,
  wanted: string | null | undefined,
  steps: { highest(): Promise<string | null | undefined>; insert(number: string): Promise<number | undefined> },
): Promise<number> {
  if (wanted) {
    const id = await steps.insert(wanted);
    if (id === undefined)
      throw conflict(`${kind.entity}.number_taken`, `${capitalised(kind.noun)} ${wanted} is already in use`, { [kind.param]: wanted });
    return id;
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = await steps.insert(nextFree(kind, await steps.highest()));
    if (id !== undefined) return id;
  }
  throw conflict(`${kind.entity}.number_busy`, `Could not allocate ${article(kind.noun)} ${kind.noun}, please try again`);
}
