import { formatDateTime } from '@yuyue/shared';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { AUDIT_IN_BALLOT } from '../booking/booking.lifecycle.rules.ts';
import { openingInstant } from '../booking/booking.rules.ts';
import { insertInactiveWith } from '../booking/booking.repository.ts';
import {
  dateState,
  enteringExtra,
  enteringOf,
  entryState,
  notDrawn,
  settingsOf,
  type BallotSettingRow,
} from './ballot.repository.ts';
import { ballotEntries } from './ballot.tables.ts';
import { personOf, slotKey, windowOf } from './ballot.rules.ts';
import { bookingClock } from '../../platform/clock.ts';
import {
  insertRequestChildren,
  rowOf,
  type CheckedSubmit,
  type SaveResult,
} from '../booking/booking.submit.service.ts';

/** The ballot's `audit_status`: an entry collected in a window, holding nothing until the draw. */
export const IN_BALLOT = AUDIT_IN_BALLOT;

/** The release settings in force: the resource's own, else its type's, else `race`. */
export interface EffectiveSetting {
  release_mode: 'race' | 'ballot';
  window_minutes: number;
  weighted: boolean;
  max_wins_per_person: number;
  /** Where they come from: 'resource', 'type', or 'default'. */
  source: 'resource' | 'type' | 'default';
}

export const DEFAULT_SETTING: EffectiveSetting = {
  release_mode: 'race',
  window_minutes: 10,
  weighted: false,
  max_wins_per_person: 0,
  source: 'default',
};

export function effectiveSetting(
  rows: readonly BallotSettingRow[],
  resourceId: string,
  typeId: string,
): EffectiveSetting {
  const own = rows.find((r) => r.target_kind === 'resource' && r.target_id === resourceId);
  const type = rows.find((r) => r.target_kind === 'type' && r.target_id === typeId);
  const row = own ?? type;
  if (!row) return DEFAULT_SETTING;
  return {
    release_mode: row.release_mode === 'ballot' ? 'ballot' : 'race',
    window_minutes: row.window_minutes,
    weighted: row.weighted,
    max_wins_per_person: row.max_wins_per_person,
    source: own ? 'resource' : 'type',
  };
}

/** The settings of a resource (and its type) read in the transaction. */
export async function settingOfResource(tx: Tx, tenantId: string, resourceId: string, typeId: string) {
  return effectiveSetting(await settingsOf(tx, tenantId, [resourceId, typeId]), resourceId, typeId);
}

/** A date's collection window for a resource in ballot mode; null when its dates have no opening time. */
export function ballotWindow(
  setting: EffectiveSetting,
  isoDate: string,
  rules: Parameters<typeof openingInstant>[1],
  zone: string,
): { opensAt: number; closesAt: number } | null {
  if (setting.release_mode !== 'ballot') return null;
  const opensAt = openingInstant(isoDate, rules, zone);
  return opensAt === null ? null : windowOf(opensAt, setting.window_minutes);
}

/**
 * The submit stage of the ballot (`submitStages.beforeInsert`): a checked submit for a
 * resource in ballot mode, during its date's window and before the date is drawn, is collected:
 * each slot becomes a booking in the ballot (audit_status '4', not holding the slot) with its
 * entry. Entering a slot again gives back the entry already there (one entry per person and
 * slot). After the window, while the date's entries wait for the draw, a submit is refused
 * (BALLOT_DRAW_PENDING); once drawn, or with nobody entered, the engine books as usual (null).
 * Nothing is decided here, so entering costs one statement after the engine's checks: the
 * bookings with their entries, written only if the date is still not drawn (the settings, the
 * date's lock, its state and the person's entries come with the engine's read, `ballotSceneExtra`;
 * the operate log goes with the commit).
 */
export async function enterBallot(tx: Tx, ctx: RequestContext, s: CheckedSubmit): Promise<SaveResult | null> {
  const { tenant, user, res, targets, isoDate } = s;
  const resourceId = res.row.id;
  const typeId = res.row.resources_type_id;
  const person = personOf(user.account);
  const read = enteringOf(s.extra);
  const window = ballotWindow(effectiveSetting(read.rows, resourceId, typeId), isoDate, res.rules, tenant.timeZone);
  if (!window || !read.state) return null;
  const now = bookingClock.now();
  const closes = formatDateTime(window.closesAt, tenant.timeZone);
  if (now >= window.closesAt) {
    // refused only on the date's state read afresh (the first read may predate a draw that just ended)
    const state =
      read.state.drawn || !read.state.waiting
        ? read.state
        : await entryState(tx, tenant.id, { resourceId, isoDate, person });
    if (!state.drawn && state.waiting > 0) throw new AppError('BALLOT_DRAW_PENDING', { closesAt: closes });
    return null;
  }
  if (read.state.drawn) return null;
  const had = new Map(read.state.mine.map((e) => [e.slot, e.appointment_id]));
  const fresh = targets.filter((t) => !had.has(slotKey(t.start, t.end)));
  // entering again only answers the entries there: unless the date was drawn meanwhile (read afresh)
  if (!fresh.length && (await entryState(tx, tenant.id, { resourceId, isoDate, person })).drawn) return null;
  const entries = fresh.map((t) => ({
    resources_id: resourceId,
    appointment_date: isoDate,
    slot: slotKey(t.start, t.end),
    person,
    closes_at: new Date(window.closesAt),
  }));
  // entries hold nothing: inactive rows, their seats taken only if they are drawn
  const inserted = await insertInactiveWith(
    tx,
    tenant.id,
    fresh.map((t) => ({ ...rowOf(s.model, res, user, s.dept, t, isoDate, false), audit_status: IN_BALLOT })),
    { table: ballotEntries, rows: entries },
    notDrawn(tenant.id, resourceId, isoDate),
  );
  // drawn early (drawBallotNow) while this submit waited for the date's lock: booked as usual
  if (fresh.length && !inserted.length) return null;
  await insertRequestChildren(
    tx,
    tenant.id,
    inserted.map((r) => r.id),
    s.model,
  );
  const made = new Map(entries.map((e, i) => [e.slot, inserted[i]!.id]));
  const ids = targets.map((t) => had.get(slotKey(t.start, t.end)) ?? made.get(slotKey(t.start, t.end))!);
  if (entries.length) {
    await audit(tx, ctx, {
      module: 'ballot',
      type: 'enter',
      content: `参加抽签 ${res.row.resources_name} ${isoDate} ${entries.map((e) => e.slot).join(',')}（${closes} 开奖）`,
      object: ids.join(','),
    });
  }
  return {
    ids,
    auditStatus: IN_BALLOT,
    texts: enteredTexts(closes),
  };
}

/** What an entry answers: when it is drawn, to the minute (as the booking screens write it). */
export function enteredTexts(closes: string): SaveResult['texts'] {
  return {
    zh: `已参加抽签，${closes.slice(0, 16)} 开奖`,
    en: `Entered in the ballot; drawn at ${closes.slice(0, 16)}`,
  };
}

/** The ballot's columns of a submit's read (`submitStages.sceneExtra`): see `enteringExtra`. */
export function ballotSceneExtra(
  tenant: CheckedSubmit['tenant'],
  user: CheckedSubmit['user'],
  req: { resourceId: string; isoDate: string },
) {
  return enteringExtra(tenant.id, req.resourceId, req.isoDate, personOf(user.account));
}

/**
 * Whether the ballot decides a date's slots of a resource now (`submitStages.decidedElsewhere`):
 * its window is open, or closed with entries waiting for the draw. Gives when the window
 * closes (epoch ms), or null when the date books as usual (race mode, not yet open, drawn).
 */
export async function ballotDecidesDate(
  tx: Tx,
  tenant: CheckedSubmit['tenant'],
  res: CheckedSubmit['res'],
  isoDate: string,
): Promise<number | null> {
  const setting = await settingOfResource(tx, tenant.id, res.row.id, res.row.resources_type_id);
  const window = ballotWindow(setting, isoDate, res.rules, tenant.timeZone);
  const now = bookingClock.now();
  if (!window || now < window.opensAt) return null;
  const state = await dateState(tx, tenant.id, res.row.id, isoDate);
  if (state.drawn) return null;
  if (now < window.closesAt || state.waiting > 0) return window.closesAt;
  return null;
}
