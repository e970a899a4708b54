import type { Visit } from './types.ts';

/**
 * A visit's state (docs/GLOSSARY.md): 0 awaiting the host, 1 awaiting the second level,
 * 2 approved, 3 rejected, 4 cancelled, 5 awaiting the visitor's registration. Each is shown by
 * its words and an icon of its own (never by colour alone).
 */
export type VisitTone = 'waiting' | 'approved' | 'rejected' | 'cancelled' | 'ended';

export interface VisitStateView {
  /** The text key (`visitors.state.<n>`). */
  key: string;
  tone: VisitTone;
  /** 24x24 SVG path of the state's icon. */
  icon: string;
}

const ICON = {
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3',
  check: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12l3 3 5-6',
  cross: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9l6 6M15 9l-6 6',
  slash: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM6 18L18 6',
  flag: 'M6 21V4M6 4h11l-2 4 2 4H6',
} as const;

/** How a visit's state shows; `ended`: an approved visit whose day is over. */
export function visitStateView(state: number | null | undefined, ended = false): VisitStateView {
  switch (state) {
    case 0:
    case 1:
    case 5:
      return { key: `visitors.state.${state}`, tone: 'waiting', icon: ICON.clock };
    case 2:
      return ended
        ? { key: 'visitors.state.ended', tone: 'ended', icon: ICON.flag }
        : { key: 'visitors.state.2', tone: 'approved', icon: ICON.check };
    case 3:
      return { key: 'visitors.state.3', tone: 'rejected', icon: ICON.cross };
    case 4:
      return { key: 'visitors.state.4', tone: 'cancelled', icon: ICON.slash };
    default:
      return { key: 'visitors.state.unknown', tone: 'waiting', icon: ICON.clock };
  }
}

/** A visit's day ("YYYY-MM-DD") from its wire date (a date, a date-time or epoch ms). */
export function visitDay(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{10,13}$/.test(value)) {
    const ms = value.length === 10 ? Number(value) * 1000 : Number(value);
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  return value.slice(0, 10);
}

/** Whether an approved visit's day is before `today`. */
export function visitEnded(visit: Pick<Visit, 'state' | 'in_school_date'>, today: string): boolean {
  return visit.state === 2 && visitDay(visit.in_school_date) < today;
}
