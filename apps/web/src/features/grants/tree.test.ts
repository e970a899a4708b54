import { describe, expect, it } from 'vitest';
import { allKeys, deptTree, filterTree } from './tree.ts';

const depts = [
  { id: 'u', name: '学校', parent: '' },
  { id: 'a', name: '教务处', parent: 'u' },
  { id: 'a1', name: '考试科', parent: 'a' },
  { id: 'b', name: '后勤处', parent: 'u' },
  { id: 'o', name: '孤儿部门', parent: 'gone' },
  { id: 'x', name: '环甲', parent: 'y' },
  { id: 'y', name: '环乙', parent: 'x' },
];

describe('department tree', () => {
  it('nests departments under their parents; unknown parents and cycles make roots', () => {
    const tree = deptTree(depts);
    expect(tree.map((n) => n.key)).toEqual(['u', 'o', 'x', 'y']);
    expect(tree[0]!.children.map((n) => n.key)).toEqual(['a', 'b']);
    expect(tree[0]!.children[0]!.children.map((n) => n.title)).toEqual(['考试科']);
    expect(allKeys(tree).sort()).toEqual(depts.map((d) => d.id).sort());
  });

  it('cuts the tree to matching departments with their ancestors', () => {
    const cut = filterTree(deptTree(depts), '考试');
    expect(cut.map((n) => n.key)).toEqual(['u']);
    expect(allKeys(cut)).toEqual(['u', 'a', 'a1']);
    expect(filterTree(deptTree(depts), '  ').length).toBe(4);
  });
});
