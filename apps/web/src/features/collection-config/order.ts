/**
 * The ids of one resource type's fields after moving `id` one place up (-1) or down (1)
 * among the fields of its type (as `rows` lists them, in order); null when it cannot move.
 */
export function moveWithinType(
  rows: readonly { id: string; resource_type_id: string }[],
  id: string,
  step: -1 | 1,
): string[] | null {
  const row = rows.find((r) => r.id === id);
  if (!row) return null;
  const ids = rows.filter((r) => r.resource_type_id === row.resource_type_id).map((r) => r.id);
  const from = ids.indexOf(id);
  const to = from + step;
  if (to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
