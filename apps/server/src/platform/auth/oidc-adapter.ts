import { and, eq, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client.ts';
import { compile, compiledCache, runCompiled, textArray } from '../../db/compiled.ts';
import { rowsFromJson } from '../../db/json-rows.ts';
import { coalescing } from '../coalesce.ts';
import { announce } from '../events.ts';
import { tokenHash } from './token-cache.ts';
import { oidcPayloads } from './oidc.tables.ts';

/**
 * oidc-provider's storage in PostgreSQL, so sessions, codes and tokens survive restarts and
 * are shared by every app instance.
 */
export function pgAdapterFactory(db: Db) {
  const findBy = compiledCache();
  /**
   * Records by id, per model, looked up together when asked for in the same turn of the event
   * loop: every request with an access token not verified lately reads one, and a burst of such
   * requests (the opening second of a booking) then costs one statement.
   */
  const byId = new Map<string, (id: string) => Promise<OidcPayloadRow | undefined>>();
  const findById = (model: string) => {
    let find = byId.get(model);
    if (!find) {
      find = coalescing(async (ids: string[]) => {
        const rows = rowsFromJson(oidcPayloads, await runCompiled(db, findByIds, { model, ids: textArray(ids) }));
        return new Map(rows.map((r) => [r.id, r]));
      });
      byId.set(model, find);
    }
    return find;
  };
  return class PgAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expires_at = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: { ...row, consumed_at: null } });
    }

    /** A record by its interaction uid or device user code (sign-in flows): built once (db/compiled.ts). */
    private async findWhere(column: 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const statement = findBy(column, () =>
        db
          .select()
          .from(oidcPayloads)
          .where(
            and(eq(oidcPayloads.model, sql.placeholder('model')), eq(oidcPayloads[column], sql.placeholder('value'))),
          )
          .limit(1)
          .getSQL(),
      );
      const [row] = rowsFromJson(oidcPayloads, await runCompiled(db, statement, { model: this.model, value }));
      return payloadOf(row);
    }

    async find(id: string) {
      return payloadOf(await findById(this.model)(id));
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumed_at: new Date() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    /**
     * Every revocation oidc-provider makes ends here or in `revokeByGrantId`: the revocation
     * endpoint destroys the token and revokes its grant, sign-out (end session) and a reused
     * authorization code revoke grants. A revoked access token is announced to every instance,
     * which forgets having verified it (an access token's id is the token itself).
     */
    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
      if (this.model === 'AccessToken') await announce(db, { kind: 'token', hashes: [tokenHash(id)] });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const deleted = await db
        .delete(oidcPayloads)
        .where(eq(oidcPayloads.grant_id, grantId))
        .returning({ model: oidcPayloads.model, id: oidcPayloads.id });
      const hashes = deleted.filter((r) => r.model === 'AccessToken').map((r) => tokenHash(r.id));
      if (hashes.length) await announce(db, { kind: 'token', hashes });
    }
  };
}

type OidcPayloadRow = typeof oidcPayloads.$inferSelect;

/** Records of a model by id (`textArray` of the ids). */
const findByIds = compile(
  sql`select * from ${oidcPayloads} where ${oidcPayloads.model} = ${sql.placeholder('model')}
    and ${oidcPayloads.id} = any(${sql.placeholder('ids')}::text[])`,
);

/** What the provider reads of a record: nothing once expired; `consumed` when it was. */
function payloadOf(row: OidcPayloadRow | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) return undefined;
  return {
    ...(row.payload as AdapterPayload),
    ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}),
  };
}

/** Deletes expired provider records; returns how many. */
export async function sweepExpired(db: Db): Promise<number> {
  const rows = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expires_at, sql`now()`))
    .returning({ id: oidcPayloads.id });
  return rows.length;
}

/**
 * A value the provider needs once per deployment (signing keys, cookie keys), made on first
 * use and shared through the database; when two instances race, the first insert wins.
 */
export async function deploymentSecret<T extends Record<string, unknown>>(
  db: Db,
  name: string,
  make: () => Promise<T>,
): Promise<T> {
  const model = 'DeploymentSecret';
  const read = async () =>
    (
      await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, name)))
        .limit(1)
    )[0];
  const existing = await read();
  if (existing) return existing.payload as T;
  await db
    .insert(oidcPayloads)
    .values({ model, id: name, payload: await make() })
    .onConflictDoNothing();
  return (await read())!.payload as T;
}
