import { gql } from '../../../../lib/graphql.ts';
import type { GateArea, GateBundle, GateKey } from '../types.ts';

export const findVisitorGateBundleDocument = /* GraphQL */ `
  query findVisitorGateBundle {
    findVisitorGateBundle {
      tenant_key
      time_zone
      keys {
        kid
        public_key
      }
      revoked
      areas {
        id
        resources_name
        resources_name_en
        campus_name
        building_name
      }
      generated_at
    }
  }
`;

interface BundleAnswer {
  tenant_key: string | null;
  time_zone: string | null;
  keys: (GateKey | null)[] | null;
  revoked: (string | null)[] | null;
  areas: (GateArea | null)[] | null;
  generated_at: string | null;
}

/** The gate's verification data (gate staff and visitor administrators), stamped with when it came. */
export async function findVisitorGateBundle(now: () => number = Date.now): Promise<GateBundle | null> {
  const data = await gql<{ findVisitorGateBundle: BundleAnswer | null }>('apps_yy_sys', findVisitorGateBundleDocument);
  const b = data.findVisitorGateBundle;
  if (!b) return null;
  return {
    tenant_key: b.tenant_key ?? '',
    time_zone: b.time_zone || 'Asia/Shanghai',
    keys: (b.keys ?? []).filter((k): k is GateKey => !!k?.kid && !!k.public_key),
    revoked: (b.revoked ?? []).filter((s): s is string => !!s),
    areas: (b.areas ?? []).filter((a): a is GateArea => !!a?.id),
    generated_at: b.generated_at ?? '',
    fetched_at: now(),
  };
}
