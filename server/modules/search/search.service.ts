import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { permissionsFor } from '../../../core/permissions.ts';
import {
  SEARCH_KINDS,
  SEARCH_MIN_CONTAINS,
  SEARCH_PER_GROUP,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from '../../../core/contracts/search.ts';
import { normalizeSearch } from '../../../core/rules/search.ts';
import { findHits, findSimilar, type HitRow } from './search.repository.ts';

/** Estimates and invoices are for those who may read them (the lists answer others 403): the role, with overrides. */
function kindsFor(actor: PublicUser): SearchKind[] {
  const permissions = permissionsFor(actor.role, actor.permissionOverrides);
  return SEARCH_KINDS.filter(
    (kind) => (kind !== 'estimates' || permissions.canViewEstimates) && (kind !== 'invoices' || permissions.canViewInvoices),
  );
}

/** Rows into groups in SEARCH_KINDS order, each record once (exact first), empty groups left out. */
function grouped(rows: HitRow[]): SearchGroup[] {
  const groups: SearchGroup[] = [];
  for (const kind of SEARCH_KINDS) {
    const seen = new Set<number>();
    const hits = rows
      .filter((row) => row.kind === kind)
      .sort((a, b) => Number(b.exact) - Number(a.exact) || b.id - a.id)
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .map(({ id, title, subtitle, exact }) => ({ id: Number(id), title, subtitle, exact: Boolean(exact) }));
    if (hits.length > 0) groups.push({ kind, hits: hits.slice(0, SEARCH_PER_GROUP), more: hits.length > SEARCH_PER_GROUP });
  }
  // The group holding an exact hit comes first: that is what the query named.
  return groups.sort((a, b) => Number(b.hits[0].exact) - Number(a.hits[0].exact));
}

/**
 * Searches the caller's workshop: exact and substring hits in one statement, then, when there are
 * none, near spellings. `direct` is the record the query names
 * when exactly one record matched it exactly.
 */
export async function search(db: Db, actor: PublicUser, text: string): Promise<SearchResult> {
  const q = normalizeSearch(text);
  const kinds = kindsFor(actor);
  let rows = await findHits(db, actor.tenantId, q, kinds);
  // Nothing holds the text: perhaps a typo. (Only then: near spellings beside real hits are noise.)
  if (rows.length === 0 && [...q].length >= SEARCH_MIN_CONTAINS) rows = await findSimilar(db, actor.tenantId, q, kinds);
  const groups = grouped(rows);
  const exact = groups.flatMap((group) => group.hits.filter((hit) => hit.exact).map((hit) => ({ kind: group.kind, id: hit.id })));
  return { q, groups, direct: exact.length === 1 ? exact[0] : null };
}
