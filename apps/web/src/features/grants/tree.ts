/** A department as the tree builders take it (the directory's flat list). */
export interface DeptLike {
  id: string;
  name: string;
  parent: string;
  disabled?: boolean;
}

/** A node of the department tree as antd's Tree and TreeSelect take it. */
export interface DeptNode {
  key: string;
  value: string;
  title: string;
  disabled?: boolean;
  children: DeptNode[];
}

/**
 * The department tree from the flat list: roots are departments without a parent or whose
 * parent is not in the list (or is itself, or makes a cycle); order kept as the list gives it.
 */
export function deptTree(depts: readonly DeptLike[]): DeptNode[] {
  const byId = new Map(depts.map((d) => [d.id, d]));
  const nodes = new Map<string, DeptNode>(
    depts.map((d) => [
      d.id,
      { key: d.id, value: d.id, title: d.name, disabled: d.disabled || undefined, children: [] },
    ]),
  );
  const inCycle = (id: string): boolean => {
    const seen = new Set<string>();
    for (let at: string | undefined = id; at; at = byId.get(at)?.parent) {
      if (seen.has(at)) return true;
      seen.add(at);
    }
    return false;
  };
  const roots: DeptNode[] = [];
  for (const d of depts) {
    const node = nodes.get(d.id)!;
    const parent = d.parent && d.parent !== d.id && !inCycle(d.id) ? nodes.get(d.parent) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The tree cut to the departments whose name contains `keyword`, with their ancestors. */
export function filterTree(nodes: readonly DeptNode[], keyword: string): DeptNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, k);
    return n.title.toLowerCase().includes(k) || children.length ? [{ ...n, children }] : [];
  });
}

/** The ids of every node of the tree (to open it whole). */
export const allKeys = (nodes: readonly DeptNode[]): string[] => nodes.flatMap((n) => [n.key, ...allKeys(n.children)]);
