import { describe, expect, it } from 'vitest';

/**
 * Every text a page of the phone or desktop area can show is there when it renders: in the core
 * part (loaded at start), in the desktop part (the portal's layout loads it), or in a lazily loaded
 * group of texts the route (or the component, for the ones that wait for their texts) asks for.
 * Read from the sources: the keys a page's modules name (`'booking.series.from'`, or the prefix
 * of `` `booking.status.${s}` ``) against the route table's loads (`loadBookingTexts([...])`). A
 * module counts whole (all the keys it names, whatever the page uses of it): a page importing a
 * module for one helper is listed in `PARTLY_USED` when that module's texts are not its own.
 */

const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/testing/**', '!../**/testing.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
const texts = import.meta.glob<Record<string, unknown>>('../**/locales/**/*.json', { import: 'default', eager: true });

/** Path from `src/` ("areas/mobile/paths.ts"). */
const rel = (file: string) => file.replace(/^\.\.\//, '');
const source = new Map(Object.entries(sources).map(([f, s]) => [rel(f), s]));

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const parts = from.split('/').slice(0, -1);
  for (const p of spec.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.') parts.push(p);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => source.has(f)) ?? null;
}

/** Route tables name every page of their area and their titles: neither is rendered by the modules importing them. */
const ROUTE_TABLE = /^(areas\/[^/]+\/paths\.ts|app\/router\.tsx)$/;

/**
 * The modules a page renders from: static imports, and dynamic ones (lazy dialogs) except the
 * route tables' pages. `stop`: modules not to enter (whose subtree is checked on its own); the
 * ones met are added to `stopped`.
 */
function graph(
  entry: string,
  seen = new Set<string>(),
  stop: (file: string) => boolean = () => false,
  stopped = new Set<string>(),
): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = source.get(entry) ?? '';
  for (const m of code.matchAll(
    /\b(?:import|export)\s+(type\s)?[^'";]*?\bfrom\s+'([^']+)'|\bimport\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g,
  )) {
    // type-only imports are erased; the route tables' pages are other routes
    if (m[1] || (m[4] && ROUTE_TABLE.test(entry))) continue;
    const target = resolve(entry, (m[2] ?? m[3] ?? m[4])!);
    if (!target) continue;
    if (stop(target)) stopped.add(target);
    else graph(target, seen, stop, stopped);
  }
  return seen;
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

// ---- where each text is: leaf key (zh) -> its part or lazy group

type Place = { part: 'core' | 'desktop' | 'manage' } | { lazy: string; group: string };
const places = new Map<string, Place>();

function leaves(value: unknown, prefix: string, place: Place) {
  if (typeof value !== 'object' || value === null) {
    places.set(prefix, place);
    return;
  }
  for (const [k, v] of Object.entries(value)) leaves(v, `${prefix}.${k}`, place);
}

/** Lazily loaded sections: feature folder -> section name (`lazySection('captcha', …)`, `lazyGroups('booking', …)`). */
const lazySections = new Map<string, string>();
for (const [file, code] of source) {
  const m = /^(features\/[^/]+)\/i18n\.ts$/.exec(file);
  const name = m && /\blazy(?:Section|Groups)\(\s*'(\w+)'/.exec(code);
  if (m && name) lazySections.set(m[1]!, name[1]!);
}

for (const [file, data] of Object.entries(texts).map(([f, d]) => [rel(f), d] as const)) {
  let m = /^locales\/zh\/(?:(desktop|manage)\/)?(\w+)\.json$/.exec(file);
  if (m) {
    leaves(data, m[2]!, { part: (m[1] as 'desktop' | 'manage' | undefined) ?? 'core' });
    continue;
  }
  m = /^(features\/[^/]+)\/locales\/zh(?:\/(\w+))?\.json$/.exec(file);
  const section = m && lazySections.get(m[1]!);
  if (m && section) leaves(data, section, { lazy: section, group: m[2] ?? 'all' });
}

/** Sections split into groups (`features/<name>/locales/<lang>/<group>.json`). */
const splitSections = new Set([...places.values()].flatMap((p) => ('lazy' in p && p.group !== 'all' ? [p.lazy] : [])));

// ---- what a module loads itself

/** The loaders' names in the code (`ensureBookingTranslations`, `useCheckinTexts`, …) and their sections. */
const LOADERS: Record<string, string> = {
  Booking: 'booking',
  Checkin: 'checkin',
  Captcha: 'captcha',
  Evaluation: 'evaluations',
  PublicBooking: 'publicBooking',
  Visitors: 'visitors',
};

interface Loads {
  /** section -> groups ('*': all of them) */
  groups: Map<string, Set<string>>;
  desktop: boolean;
}

const emptyLoads = (): Loads => ({ groups: new Map(), desktop: false });

/** The modules defining the loaders (their bodies call one another). */
const definesLoaders = (code: string) =>
  /\b(?:function|const) (?:ensure|use|with|load)\w*(?:Translations|Texts)\b/.test(code);

/** Calls that load texts in `code`; `(groups)` with an array literal, none: every group. */
function loadsIn(code: string, into: Loads): Loads {
  if (definesLoaders(code)) return into;
  for (const m of withoutComments(code).matchAll(
    /(?<!function )\b(?:ensure(\w+?)Translations|(?:use|with|load)(\w+?)Texts)\(\s*(\[[^\]]*\])?/g,
  )) {
    const section = LOADERS[(m[1] ?? m[2])!];
    if (!section) continue;
    const set = into.groups.get(section) ?? new Set<string>();
    if (m[3]) for (const g of m[3].matchAll(/'(\w+)'/g)) set.add(g[1]!);
    else set.add('*');
    into.groups.set(section, set);
  }
  if (/ensureTranslations\('desktop'\)/.test(code)) into.desktop = true;
  return into;
}

// ---- the keys a module names

/** Section names of the texts, to tell keys from other dotted strings. */
const sections = new Set([...places.keys()].map((k) => k.split('.')[0]!));

/** Keys named in `code`: whole keys and the prefixes of template keys (`` `booking.status.${s}` `` -> "booking.status."). */
function keysIn(code: string): string[] {
  const found: string[] = [];
  for (const m of withoutComments(code).matchAll(/(['`])([a-zA-Z]+)((?:\.[\w-]+)*)(\.\$\{|\1)/g)) {
    const template = m[4] === '.${';
    // a bare section name ('resources', a query key) is no text; `resources.${k}` stands for all of it
    if (!sections.has(m[2]!) || (!template && !m[3])) continue;
    found.push(template ? `${m[2]}${m[3]}.` : `${m[2]}${m[3]}`);
  }
  return found;
}

/** The leaf keys a named key stands for: itself, its subtree (returnObjects), or the template prefix's. */
function leafKeys(key: string): string[] {
  if (places.has(key)) return [key];
  // a subtree, a template's prefix, or plural forms (`count` -> `count_one`, `count_other`)
  const prefixes = key.endsWith('.') ? [key] : [`${key}.`, `${key}_`];
  return [...places.keys()].filter((k) => prefixes.some((p) => k.startsWith(p)));
}

function available(place: Place, loads: Loads): boolean {
  if ('part' in place) return place.part === 'core' || (place.part === 'desktop' && loads.desktop);
  const groups = loads.groups.get(place.lazy);
  return !!groups && (groups.has('*') || groups.has(place.group));
}

/** The keys of `files` that are not loaded by `loads`, as "key (where it is)". */
function missing(files: Iterable<string>, loads: Loads): string[] {
  const out = new Set<string>();
  for (const file of files) {
    for (const key of keysIn(source.get(file) ?? '')) {
      const found = leafKeys(key);
      if (!found.length) out.add(`${key} (no such text) in ${file}`);
      for (const leaf of found) {
        const place = places.get(leaf)!;
        if (!available(place, loads))
          out.add(
            `${leaf} (${'part' in place ? `${place.part} part` : `${place.lazy} group ${place.group}`}) in ${file}`,
          );
      }
    }
  }
  return [...out].sort();
}

// ---- the routes

interface Route {
  area: string;
  path: string;
  title: string;
  open: boolean;
  page: string | null;
  entry: string;
}

function routesOf(area: 'mobile' | 'pc'): Route[] {
  const table = `areas/${area}/paths.ts`;
  const code = source.get(table)!;
  const list = code.slice(code.indexOf('Routes: RouteDef[] = ['), code.indexOf('\n];'));
  return list
    .split(/\n {2}\{/)
    .slice(1)
    .map((entry) => {
      const page = /import\('([^']+)'\)/.exec(entry)?.[1];
      return {
        area,
        path: /path: '([^']+)'/.exec(entry)![1]!,
        title: /title: '([^']+)'/.exec(entry)![1]!,
        open: /auth: false/.test(entry),
        page: page ? resolve(table, page) : null,
        entry,
      };
    });
}

/** Modules a page imports only part of, whose texts it does not show (module, why). */
const PARTLY_USED: Record<string, string> = {
  'areas/manage/pages/resources/list/LocationFields.tsx': "the portal's resource query uses its data hooks only",
};

const layouts = { mobile: 'areas/mobile/MobileLayout.tsx', pc: 'areas/pc/PcLayout.tsx' };

/** The loads a module makes itself (a component that waits for its texts), or null. */
function ownLoads(file: string): Loads | null {
  if (ROUTE_TABLE.test(file)) return null;
  const loads = loadsIn(source.get(file) ?? '', emptyLoads());
  return loads.groups.size || loads.desktop ? loads : null;
}

function merged(a: Loads, b: Loads): Loads {
  const groups = new Map([...a.groups].map(([s, g]) => [s, new Set(g)]));
  for (const [section, g] of b.groups) groups.set(section, new Set([...(groups.get(section) ?? []), ...g]));
  return { groups, desktop: a.desktop || b.desktop };
}

/**
 * The texts `entries` show that `loads` do not load. A module that loads texts itself renders its
 * part once they are there: its subtree is checked with its loads added (and only its subtree).
 */
function check(entries: string[], loads: Loads, seen = new Set<string>()): string[] {
  const stopped = new Set<string>();
  const files = new Set<string>();
  const isLoader = (f: string) => ownLoads(f) !== null;
  for (const entry of entries) {
    if (isLoader(entry) && !seen.has(entry)) stopped.add(entry);
    else graph(entry, files, isLoader, stopped);
  }
  const problems = missing(
    [...files].filter((f) => !ROUTE_TABLE.test(f) && !PARTLY_USED[f]),
    loads,
  );
  for (const loader of stopped) {
    if (seen.has(loader)) continue;
    seen.add(loader);
    problems.push(...check([loader], merged(loads, ownLoads(loader)!), seen));
  }
  return problems;
}

describe('texts of the phone and desktop pages', () => {
  const routes = [...routesOf('mobile'), ...routesOf('pc')];

  it('reads the route tables and the texts', () => {
    expect(routes.filter((r) => r.page).length).toBeGreaterThan(30);
    expect(places.get('route.mobile.home')).toEqual({ part: 'core' });
    expect([...lazySections.values()]).toEqual(expect.arrayContaining(['booking', 'checkin', 'captcha']));
    expect(splitSections).toEqual(new Set(['booking', 'checkin']));
  });

  it.each(routes.map((r) => [`/${r.area}/${r.path}`, r] as const))('%s has its texts', (_, route) => {
    const loads = loadsIn(route.entry, emptyLoads());
    const entries = route.page ? [route.page] : [];
    if (!route.open) {
      entries.push(layouts[route.area as 'mobile' | 'pc']);
      // the desktop portal's layout loads the desktop part (app/router.tsx)
      if (route.area === 'pc') loads.desktop = true;
    }
    const problems = check(entries, loads);
    for (const leaf of leafKeys(route.title))
      if (!available(places.get(leaf)!, loads)) problems.push(`${leaf} (the route's title)`);
    expect(problems).toEqual([]);
  });

  it('pages and components name the groups of split sections they load', () => {
    const problems: string[] = [];
    for (const [file, code] of source)
      for (const [section, groups] of loadsIn(code, emptyLoads()).groups)
        if (groups.has('*') && splitSections.has(section))
          problems.push(`${file} loads every ${section} group (name the ones it shows)`);
    expect(problems).toEqual([]);
  });
});
