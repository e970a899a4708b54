import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The module graph (docs/ARCHITECTURE.md, "Module dependencies"): an edge a -> b is a value
// import from a file of modules/a/ into modules/b/. `import type` may cross freely: it is erased
// before the code runs, so it cannot make a load-order cycle (a binding read before its module
// has run), and a lower module naming a higher one's type is how a port is declared. Tests
// (*.test.ts) are left out: nothing imports them, so they close no cycle.
//
// No cycles, except the edges listed in ALLOWED: every edge that lies on a cycle must be listed,
// and every listed edge must still lie on one (so the list shrinks as cycles are removed). A
// cycle made only of listed edges existed when they were listed, so any new cycle brings an edge
// that is not listed and fails here.

const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const modulesRoot = path.join(srcRoot, 'modules');
const platformRoot = path.join(srcRoot, 'platform');

/**
 * Edges that still lie on a cycle, each with why (none may be added). Resources, their types and
 * their rules are one catalogue: their tables refer to each other (a rule row belongs to a
 * resource, a template or a type; a resource's own rule columns are defined by rules.columns.ts).
 */
const ALLOWED: Record<string, string> = {
  'resource-types -> resources': "a type's resources are counted and listed (resources table); the filter parser",
  'resource-types -> rules': "a type's number limits are rule rows, checked and written by rules",
  'resources -> resource-types': 'a resource is of a type: its grants, filters and extended properties',
  'resources -> rules': "a resource's rule columns, rule lists and template are the rules module's",
  'rules -> resource-types': 'a number-limit rule row belongs to a type (foreign key)',
  'rules -> resources': 'a rule row belongs to a resource (foreign key); templates count their resources',
};

/** platform/ files allowed to import a module, with why (the same exceptions as eslint.config.js). */
const PLATFORM_ALLOWED: Record<string, string> = {
  'graphql/print.ts': 'a build step that assembles every module schema',
  'tenancy.ts': 'reads the tenants table every request resolves through (not yet a port)',
};

type Graph = Map<string, Set<string>>;

const IMPORT_FROM = /^\s*(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const BARE_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative specifiers a file imports: value imports only unless `withTypes`. */
function importsOf(source: string, withTypes = false): string[] {
  const specs: string[] = [];
  for (const m of source.matchAll(IMPORT_FROM)) if (withTypes || !m[1]) specs.push(m[2]!);
  for (const m of source.matchAll(BARE_IMPORT)) specs.push(m[1]!);
  for (const m of source.matchAll(DYNAMIC_IMPORT)) specs.push(m[1]!);
  return specs.filter((s) => s.startsWith('.'));
}

function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));
}

/** The module a path lies in (the folder under modules/), or null. */
function moduleOf(file: string): string | null {
  const rel = path.relative(modulesRoot, file);
  if (rel.startsWith('..')) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? first! : null;
}

function moduleGraph(): Graph {
  const graph: Graph = new Map();
  for (const name of fs.readdirSync(modulesRoot)) {
    const dir = path.join(modulesRoot, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    const targets = new Set<string>();
    for (const file of tsFiles(dir)) {
      for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
        const target = moduleOf(path.resolve(path.dirname(file), spec));
        if (target && target !== name) targets.add(target);
      }
    }
    graph.set(name, targets);
  }
  return graph;
}

/** Every edge `a -> b` whose ends lie on a common cycle (one strongly connected component). */
function edgesOnCycles(graph: Graph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  let components = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (!component.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      let w: string;
      do {
        w = stack.pop()!;
        component.set(w, components);
      } while (w !== v);
      components += 1;
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  const edges: string[] = [];
  for (const [a, targets] of graph) {
    for (const b of targets) if (component.get(a) === component.get(b)) edges.push(`${a} -> ${b}`);
  }
  return edges.sort();
}

describe('module graph', () => {
  const graph = moduleGraph();
  const onCycles = edgesOnCycles(graph);

  it('has no cycle but through the allowed edges', () => {
    expect(onCycles.filter((e) => !(e in ALLOWED))).toEqual([]);
  });

  it('lists no allowed edge that no longer lies on a cycle (shrink the list)', () => {
    expect(Object.keys(ALLOWED).filter((e) => !onCycles.includes(e))).toEqual([]);
  });

  it('finds a new cycle, and only cycles', () => {
    const g: Graph = new Map([
      ['low', new Set<string>()],
      ['mid', new Set(['low'])],
      ['high', new Set(['mid', 'low'])],
    ]);
    expect(edgesOnCycles(g)).toEqual([]);
    g.get('low')!.add('high');
    expect(edgesOnCycles(g)).toEqual(['high -> low', 'high -> mid', 'low -> high', 'mid -> low']);
  });

  it('tells value imports from type imports', () => {
    const source = [
      "import type { A } from '../a/a.ts';",
      "import { b, type B } from '../b/b.ts';",
      "export { c } from '../c/c.ts';",
      "export type { D } from '../d/d.ts';",
      "import '../e/e.ts';",
      "const f = await import('../f/f.ts');",
      "import {\n  g,\n  h,\n} from '../g/g.ts';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['../b/b.ts', '../c/c.ts', '../g/g.ts', '../e/e.ts', '../f/f.ts']);
  });

  it('keeps platform/ below the modules', () => {
    const offending: string[] = [];
    for (const file of tsFiles(platformRoot)) {
      const rel = path.relative(platformRoot, file).split(path.sep).join('/');
      if (rel in PLATFORM_ALLOWED) continue;
      for (const spec of importsOf(fs.readFileSync(file, 'utf8'), true)) {
        if (!path.relative(modulesRoot, path.resolve(path.dirname(file), spec)).startsWith('..')) {
          offending.push(`${rel} imports ${spec}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});
