import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATE_LOG_ACTIONS, OPERATE_LOG_MODULES } from '@yuyue/shared';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The operate log shows module and action codes as words (packages/shared/src/operate-log-codes.ts).
// This reads every `audit(tx, ctx, { module, type })` the server makes, so a new code without
// words fails here rather than showing up raw on the log page.
const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

interface Written {
  where: string;
  module: string[];
  type: string[];
}

/** The string values an expression can have: literals (not those it compares against) or a parameter's literal union. */
function valuesOf(expr: ts.Expression, at: ts.Node, where: string): string[] {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isConditionalExpression(expr)) {
    return [...valuesOf(expr.whenTrue, at, where), ...valuesOf(expr.whenFalse, at, where)];
  }
  if (ts.isIdentifier(expr)) {
    for (let node: ts.Node | undefined = at; node; node = node.parent) {
      if (!ts.isFunctionLike(node)) continue;
      const param = node.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === expr.text);
      const type = param?.type;
      if (type && ts.isUnionTypeNode(type)) {
        return type.types.map((t) => {
          if (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal)) return t.literal.text;
          throw new Error(`${where}: ${expr.text} is not a union of string literals`);
        });
      }
      if (type && ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) return [type.literal.text];
    }
  }
  throw new Error(
    `${where}: cannot tell the values of \`${expr.getText()}\`; use literals or a literal-typed parameter`,
  );
}

function auditCalls(): Written[] {
  const found: Written[] = [];
  for (const file of sourceFiles(srcRoot)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('audit(')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'audit') {
        const where = `${path.relative(srcRoot, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        const entry = node.arguments[2];
        if (!entry || !ts.isObjectLiteralExpression(entry))
          throw new Error(`${where}: the entry is not an object literal`);
        const values = (name: string) => {
          const prop = entry.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);
          if (prop && ts.isPropertyAssignment(prop)) return valuesOf(prop.initializer, node, where);
          if (prop && ts.isShorthandPropertyAssignment(prop)) return valuesOf(prop.name, node, where);
          throw new Error(`${where}: no ${name}`);
        };
        found.push({ where, module: values('module'), type: values('type') });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('operate-log codes', () => {
  const calls = auditCalls();

  it('finds the audit calls of the server', () => {
    // A floor, not a count: the scan must not silently stop finding them.
    expect(calls.length).toBeGreaterThan(60);
    expect(calls.some((c) => c.type.includes('save_periodic'))).toBe(true);
    expect(calls.some((c) => c.type.includes('approve') && c.type.includes('reject'))).toBe(true);
  });

  it('every module and action the server writes has words in both languages', () => {
    const missing = calls.flatMap((c) => [
      ...c.module.filter((m) => !OPERATE_LOG_MODULES[m]).map((m) => `${c.where} module ${m}`),
      ...c.type.filter((t) => !OPERATE_LOG_ACTIONS[t]).map((t) => `${c.where} action ${t}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('has no words for codes nothing writes (the table is the list of codes)', () => {
    const modules = new Set(calls.flatMap((c) => c.module));
    const types = new Set(calls.flatMap((c) => c.type));
    expect(Object.keys(OPERATE_LOG_MODULES).filter((m) => !modules.has(m))).toEqual([]);
    expect(Object.keys(OPERATE_LOG_ACTIONS).filter((t) => !types.has(t))).toEqual([]);
  });
});
