// An order's state has one writer (issue 32): every statement in the server's code that writes `orders`,
// `order_events`, or (issue 33) the order's lines and substitute proposals is in orders/moves.ts, apart from placing an order (orders/place-sql.ts creates the row and its
// first event: a creation, not a move). Migrations change the schema and are left out. The finder reads the
// code's syntax with TypeScript's parser: a knex chain that names one of the two tables and ends in a write
// (`trx('orders').where(…).update(…)`, `trx.insert(…).into('order_events')`), and SQL text that writes them.
// It follows a chain, not a query builder kept in a variable first; the fixtures below say what it catches.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', 'src');
const WRITER = 'modules/orders/moves.ts';
const PLACEMENT = 'modules/orders/place-sql.ts';

const TABLE = /^\s*(orders|order_events|order_lines|order_proposals)(\s+as\s+\w+)?\s*$/i;
const WRITE_METHODS = new Set(['insert', 'update', 'del', 'delete', 'increment', 'decrement', 'upsert', 'truncate', 'merge']);
const SQL_WRITE = /\b(update\s+(only\s+)?"?(orders|order_events|order_lines|order_proposals)\b"?|insert\s+into\s+"?(orders|order_events|order_lines|order_proposals)\b"?|delete\s+from\s+"?(orders|order_events|order_lines|order_proposals)\b"?|truncate\s+(table\s+)?"?(orders|order_events|order_lines|order_proposals)\b"?|merge\s+into\s+"?(orders|order_events|order_lines|order_proposals)\b"?)/gi;

interface Write {
  line: number;
  what: string;
}

const stringOf = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** The methods called along a chain and the table names passed to any of its calls (`trx('orders')`, `.into('order_events')`). */
function chainOf(top: ts.Expression): { methods: string[]; tables: string[] } {
  const methods: string[] = [];
  const tables: string[] = [];
  let node: ts.Expression = top;
  for (;;) {
    if (ts.isCallExpression(node)) {
      const table = stringOf(node.arguments[0]);
      if (table !== undefined && TABLE.test(table)) tables.push(table.trim().split(/\s+/)[0]!);
      if (ts.isPropertyAccessExpression(node.expression)) methods.push(node.expression.name.text);
      node = node.expression;
    } else if (ts.isPropertyAccessExpression(node) || ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node) || ts.isAwaitExpression(node)) {
      node = node.expression;
    } else {
      return { methods, tables };
    }
  }
}

/** A node that is the outermost call of its chain (nothing is called on its result). */
function isChainTop(node: ts.CallExpression): boolean {
  let outer: ts.Node = node;
  while (ts.isParenthesizedExpression(outer.parent) || ts.isNonNullExpression(outer.parent) || ts.isAsExpression(outer.parent)) outer = outer.parent;
  const parent = outer.parent;
  return !(ts.isPropertyAccessExpression(parent) && parent.expression === outer);
}

/** Every write to `orders` or `order_events` in one file's text. */
function orderWrites(fileName: string, text: string): Write[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Write[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isChainTop(node)) {
      const { methods, tables } = chainOf(node);
      const write = methods.find((m) => WRITE_METHODS.has(m));
      if (write && tables.length > 0) found.push({ line: lineOf(node), what: `${write} ${tables[0]}` });
    }
    const sql = stringOf(node) ?? (ts.isTemplateExpression(node) ? node.getText(source) : undefined);
    for (const match of sql?.matchAll(SQL_WRITE) ?? []) found.push({ line: lineOf(node), what: match[0].toLowerCase().replace(/\s+/g, ' ') });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const rel = (path: string) => relative(SRC, path).split(sep).join('/');

/** A fixture line as the server writes it: inside an async function (line 2). */
const inAsync = (code: string) => `export async function fixture() {\n${code}\n}`;

describe('the finder of writes to orders and order_events', () => {
  it.each([
    ["await trx('orders').where({ id: order.id }).update({ status: 'Shipped', updated_at: now });", 'update orders'],
    ["await trx('order_events').insert({ order_id: order.id, actor_id: rider.id });", 'insert order_events'],
    ["await (trx('orders as o') as Knex.QueryBuilder).where('o.id', id).del();", 'del orders'],
    ["await trx.insert({ order_id: id }).into('order_events');", 'insert order_events'],
    ["await db.from('orders').where({ id }).increment('total_paise', 100);", 'increment orders'],
    ["await trx.raw('update orders set rider_id = null where id = ?', [id]);", 'update orders'],
    ['await db.raw(`insert into order_events (order_id) values (${"?"})`, [id]);', 'insert into order_events'],
    ["const sql = `delete from orders where id = ?`;", 'delete from orders'],
    ['await trx.raw(\'UPDATE "orders" SET "status" = ? WHERE "id" = ?\', [to, id]);', 'update "orders"'],
  ])('finds %s', (code, what) => {
    expect(orderWrites('fixture.ts', inAsync(code))).toEqual([{ line: 2, what }]);
  });

  it.each([
    "await trx('orders').where(orderRefWhere(ref)).forUpdate().first('id', 'status');",
    "await db('orders as o').join('users as u', 'u.id', 'o.user_id').where('o.rider_id', id).select('o.id');",
    "await db('users').where({ id }).update({ on_shift: true });",
    "await trx.raw('select count(*) from orders o where o.rider_id = ?', [id]);",
    "await db('order_events as e').where('e.order_id', id).orderBy('e.created_at').select('e.to_status');",
  ])('lets a read or another table pass: %s', (code) => {
    expect(orderWrites('fixture.ts', inAsync(code))).toEqual([]);
  });
});

describe('one writer for an order’s state', () => {
  const files = sourceFiles(SRC);
  const writes = new Map(files.map((file) => [rel(file), orderWrites(file, readFileSync(file, 'utf8'))] as const).filter(([, found]) => found.length > 0));

  it('writes orders and order_events only in orders/moves.ts (and creates them only in placing)', () => {
    const elsewhere = [...writes].filter(([file]) => file !== WRITER && file !== PLACEMENT).map(([file, found]) => `${file}: ${found.map((w) => `line ${w.line} ${w.what}`).join(', ')}`);
    expect(elsewhere).toEqual([]);
    // the writer is where the finder looks: it does find its writes there
    expect(writes.get(WRITER)?.map((w) => w.what)).toEqual(expect.arrayContaining(['update orders', 'insert order_events']));
    // issue 33: packing's found counts, and substitutes proposed, answered and settled, are written there too
    expect(writes.get(WRITER)?.map((w) => w.what)).toEqual(expect.arrayContaining(['update order_lines', 'insert order_proposals', 'update order_proposals']));
  });

  it('placing only creates: one order row, its lines and its first event, never an update', () => {
    expect(writes.get(PLACEMENT)?.map((w) => w.what).sort()).toEqual(['insert into order_events', 'insert into order_lines', 'insert into orders']);
  });

  it('has no import circle between orders and riders: orders/ never imports riders/', () => {
    const ordersFiles = files.filter((file) => rel(file).startsWith('modules/orders/'));
    expect(ordersFiles.length).toBeGreaterThan(0);
    const imports = ordersFiles.flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      return source.statements.flatMap((s) => ((ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? [`${rel(file)} -> ${s.moduleSpecifier.text}`] : []));
    });
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((line) => /\/riders(\/|$)/.test(line))).toEqual([]);
  });
});
