/** What the portal navigation needs of a resource type. */
export interface NavType {
  id: string;
  resources_name: string;
  resources_name_en: string;
  resources_tag: string;
  resources_tag_en: string;
}

/** A link to one type's resource list. */
export interface NavTypeLink {
  id: string;
  name: string;
}

/** A navigation entry: a single type, or a tag with the types under it. */
export type NavEntry =
  { kind: 'type'; key: string; type: NavTypeLink } | { kind: 'tag'; key: string; label: string; types: NavTypeLink[] };

const textOf = (zh: string, en: string, lang: 'zh' | 'en') => (lang === 'en' ? en || zh : zh || en).trim();

/**
 * Groups resource types by their tag for the portal header (spec 2.6), keeping the order the
 * types come in (the server's order, then name): a tag with two or more types becomes a menu
 * of them, labelled in the language; a tag with one type, or a type without a tag, is a
 * plain entry. Types are grouped by the Chinese tag (the English one only when there is none).
 */
export function groupTypesByTag(types: readonly NavType[], lang: 'zh' | 'en'): NavEntry[] {
  const groups = new Map<string, { label: string; types: NavTypeLink[] }>();
  const order: { tag: string | null; link: NavTypeLink }[] = [];
  for (const t of types) {
    const link = { id: t.id, name: textOf(t.resources_name, t.resources_name_en, lang) };
    const tag = (t.resources_tag || t.resources_tag_en || '').trim();
    if (!tag) {
      order.push({ tag: null, link });
      continue;
    }
    const group = groups.get(tag);
    if (group) group.types.push(link);
    else {
      groups.set(tag, { label: textOf(t.resources_tag, t.resources_tag_en, lang), types: [link] });
      order.push({ tag, link });
    }
  }
  return order.map(({ tag, link }): NavEntry => {
    const group = tag === null ? undefined : groups.get(tag);
    if (!group || group.types.length === 1) return { kind: 'type', key: `type:${link.id}`, type: link };
    return { kind: 'tag', key: `tag:${tag}`, label: group.label, types: group.types };
  });
}
