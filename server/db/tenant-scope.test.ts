import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

/**
 * Every query of a workshop's table names the workshop: a guard over the server's code, beside
 * the composite foreign keys (the database refuses a cross-workshop reference) and the generated
 * isolation test (no call shows another workshop's data). Each function of a module that reads or
 * writes a table with a tenant_id, in SQL or through Drizzle's builder, must use the workshop's
 * id (tenantId / tenant_id). Inserts are left out: their rows' tenant_id is NOT NULL with no
 * default, so the type of the values already demands it. A function that works across every
 * workshop on purpose (sign-in by username, a daily sweep) says so in a comment starting
 * "Every workshop:" just above it, for the reviewer to see.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const modules = path.join(here, '..', 'modules');

const tenantTables = (Object.values(schema) as unknown[])
  .filter((t): t is PgTable => t instanceof PgTable)
  .map((t) => ({ table: t, config: getTableConfig(t) }))
  .filter(({ config }) => config.columns.some((c) => c.name === 'tenant_id'));
const sqlNames = tenantTables.map(({ config }) => config.name);
const builderNames = new Map(
  (Object.entries(schema) as Array<[string, unknown]>)
    .filter(([, t]) => tenantTables.some((x) => x.table === t))
    .map(([name, t]) => [name, getTableConfig(t as PgTable).name]),
);

const SQL_USE = new RegExp(`\\b(?:from|join|update)\\s+(${sqlNames.join('|')})\\b`, 'gi');
const BUILDER_USE = new RegExp(`\\.(?:from|update|delete|innerJoin|leftJoin)\\((${[...builderNames.keys()].join('|')})\\b`, 'g');
const NAMES_WORKSHOP = /tenantId|tenant_id/;

type Finding = { file: string; fn: string; tables: string[] };

/** The top-level functions of a file (declarations and consts holding one) with the comment above them. */
function functionsOf(file: string) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Array<{ name: string; body: string; comment: string }> = [];
  for (const statement of source.statements) {
    const comment = text.slice(statement.getFullStart(), statement.getStart());
    if (ts.isFunctionDeclaration(statement) && statement.body) {
      out.push({ name: statement.name?.text ?? '(anonymous)', body: statement.getText(), comment });
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) {
          out.push({ name: d.name.getText(), body: d.getText(), comment });
        }
      }
    }
  }
  return out;
}

function unscopedQueries(): Finding[] {
  const findings: Finding[] = [];
  for (const dir of readdirSync(modules)) {
    for (const name of readdirSync(path.join(modules, dir))) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name.endsWith('.table.ts')) continue;
      const file = path.join(modules, dir, name);
      for (const fn of functionsOf(file)) {
        const tables = new Set<string>();
        for (const m of fn.body.matchAll(SQL_USE)) tables.add(m[1].toLowerCase());
        for (const m of fn.body.matchAll(BUILDER_USE)) tables.add(builderNames.get(m[1])!);
        if (tables.size === 0 || NAMES_WORKSHOP.test(fn.body) || /Every workshop:/.test(fn.comment)) continue;
        findings.push({ file: path.relative(path.join(here, '..', '..'), file), fn: fn.name, tables: [...tables] });
      }
    }
  }
  return findings;
}

describe('every query of a workshop table names the workshop', () => {
  it('knows the workshop tables', () => {
    expect(sqlNames).toEqual(expect.arrayContaining(['customers', 'job_card_parts', 'invoice_items', 'task_dependencies']));
    expect(sqlNames).not.toContain('sessions');
  });

  it('finds no function that reads or writes one without the workshop', () => {
    const findings = unscopedQueries();
    expect(findings, findings.map((f) => `${f.file} ${f.fn}(): ${f.tables.join(', ')}`).join('\n')).toEqual([]);
  });
});
