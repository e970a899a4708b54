import type { AppointmentSign, SignState } from './types.ts';

/** How many of a resource's bookings are in each check-in state. */
export type SignCounts = Record<SignState, number> & { total: number };

const empty = (): SignCounts => ({ '0': 0, '1': 0, '2': 0, '3': 0, '4': 0, total: 0 });

/** Counts per resource id of bookings by check-in state (the overview's row figures). */
export function countsByResource(signs: readonly Pick<AppointmentSign, 'resources_id' | 'sign_state'>[]) {
  const out = new Map<string, SignCounts>();
  for (const s of signs) {
    const c = out.get(s.resources_id) ?? empty();
    if (s.sign_state in c) c[s.sign_state] += 1;
    c.total += 1;
    out.set(s.resources_id, c);
  }
  return out;
}

/** The check-in state filters of the overview: every booking, or one `signState`. */
export const SIGN_STATE_FILTERS = ['', '0', '1', '2', '3'] as const;
export type SignStateFilter = (typeof SIGN_STATE_FILTERS)[number];

/** Bookings of one day ordered by start time, then booker (the server lists latest first). */
export function byStartTime<T extends Pick<AppointmentSign, 'start_time' | 'appointment_user'>>(
  list: readonly T[],
): T[] {
  return [...list].sort(
    (a, b) => a.start_time.localeCompare(b.start_time) || a.appointment_user.localeCompare(b.appointment_user),
  );
}

/** Whether a text matches a resource's names (the overview's search box): case-insensitive parts. */
export function matchesName(
  r: { resources_name: string; resources_name_en: string; resources_number?: string },
  q: string,
) {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [r.resources_name, r.resources_name_en, r.resources_number ?? ''].some((v) =>
    v.toLowerCase().includes(needle),
  );
}
