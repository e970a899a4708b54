import type { CodeItem } from './api/types.ts';

/** A node of the item tree table: the item and its children (undefined for a leaf, so no expander shows). */
export type CodeItemNode = CodeItem & { children?: CodeItemNode[] };

/** True when the item is a root: empty parent, or its own code or name (spec 3 "Tree items"). */
export function isRootItem(item: Pick<CodeItem, 'item_code' | 'item_name' | 'item_parent'>): boolean {
  return item.item_parent === '' || item.item_parent === item.item_code || item.item_parent === item.item_name;
}

/** Nests a table's items (already parents first) by item_parent; orphans become roots. */
export function buildItemTree(items: readonly CodeItem[]): CodeItemNode[] {
  const nodes = new Map(items.map((i) => [i.item_code, { ...i } as CodeItemNode]));
  const roots: CodeItemNode[] = [];
  for (const item of items) {
    const node = nodes.get(item.item_code)!;
    const parent = isRootItem(item) ? undefined : nodes.get(item.item_parent);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The codes of an item and everything below it (an item cannot move under these). */
export function subtreeCodes(items: readonly CodeItem[], code: string): Set<string> {
  const out = new Set([code]);
  for (let grew = true; grew;) {
    grew = false;
    for (const i of items) {
      if (!isRootItem(i) && out.has(i.item_parent) && !out.has(i.item_code)) {
        out.add(i.item_code);
        grew = true;
      }
    }
  }
  return out;
}
