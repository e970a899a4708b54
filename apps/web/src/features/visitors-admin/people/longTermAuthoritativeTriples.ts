import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const longTermAuthoritativeTriplesDocument = /* GraphQL */ `
  query longTermAuthoritativeTriples($person_type: String) {
    longTermAuthoritativeTriples(person_type: $person_type) {
      id
      long_term_id
      person_type
      user_name
      is_enable
      valid_from
      valid_to
      authorised
      dept_name
      dept_code
      post_name
      post_code
      user_account
      user_display_name
      code
    }
  }
`;

/** A long-term visitor and one directory triple (department, post, user) it is authorised through. */
export interface LongTermTriple {
  id: string;
  long_term_id: string;
  person_type: string;
  user_name: string;
  is_enable: number;
  valid_from: string;
  valid_to: string;
  authorised: boolean;
  dept_name: string;
  dept_code: string;
  post_name: string;
  post_code: string;
  user_account: string;
  user_display_name: string;
  code: string;
}

export async function longTermAuthoritativeTriples(personType?: string): Promise<LongTermTriple[]> {
  const data = await gql<{ longTermAuthoritativeTriples: LongTermTriple[] | null }>(
    'apps_yy_sys',
    longTermAuthoritativeTriplesDocument,
    { person_type: personType ?? null },
  );
  return data.longTermAuthoritativeTriples ?? [];
}

export const longTermAuthoritativeTriplesQueryOptions = (personType?: string) =>
  queryOptions({
    queryKey: ['findVisitorLongTermEntityList', 'triples', personType ?? ''],
    queryFn: () => longTermAuthoritativeTriples(personType),
  });

/** The triples long-term visitors of a person type (every type when none) are authorised through. */
export const useLongTermTriples = (personType?: string) =>
  useQuery(longTermAuthoritativeTriplesQueryOptions(personType));

/** Per person type: long-term visitors, enabled ones, those authorised through the directory, and their triples. */
export interface PersonTypeSummary {
  person_type: string;
  visitors: number;
  enabled: number;
  authorised: number;
  triples: number;
}

export function summariseByPersonType(rows: readonly LongTermTriple[]): PersonTypeSummary[] {
  const by = new Map<
    string,
    { ids: Set<string>; enabled: Set<string>; authorised: Set<string>; triples: Set<string> }
  >();
  for (const r of rows) {
    const s = by.get(r.person_type) ?? {
      ids: new Set(),
      enabled: new Set(),
      authorised: new Set(),
      triples: new Set(),
    };
    by.set(r.person_type, s);
    s.ids.add(r.long_term_id);
    if (r.is_enable === 1) s.enabled.add(r.long_term_id);
    if (r.authorised) {
      s.authorised.add(r.long_term_id);
      if (r.code) s.triples.add(r.code);
    }
  }
  return [...by]
    .map(([person_type, s]) => ({
      person_type,
      visitors: s.ids.size,
      enabled: s.enabled.size,
      authorised: s.authorised.size,
      triples: s.triples.size,
    }))
    .sort((a, b) => a.person_type.localeCompare(b.person_type, 'zh'));
}
