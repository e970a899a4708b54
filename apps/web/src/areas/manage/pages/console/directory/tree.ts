import type { AdminDepartment } from '../../../../../features/directory-admin/api.ts';

export interface DeptTreeNode {
  key: string;
  value: string;
  title: string;
  disabled?: boolean;
  children: DeptTreeNode[];
}

/**
 * The departments as a tree for antd's Tree and TreeSelect (order kept; a department whose
 * parent is missing is a root). `without`: a department left out with everything below it
 * (a department cannot move under itself).
 */
export function departmentTreeData(departments: readonly AdminDepartment[], without?: string): DeptTreeNode[] {
  const nodes = new Map(
    departments.map((d) => [
      d.id,
      { key: d.id, value: d.id, title: `${d.name} (${d.code})`, children: [] as DeptTreeNode[] },
    ]),
  );
  const roots: DeptTreeNode[] = [];
  for (const d of departments) {
    if (d.id === without) continue;
    const node = nodes.get(d.id)!;
    const parent = d.parent && d.parent !== d.id ? nodes.get(d.parent) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
