import { formatDateTime } from '@yuyue/shared';
import type { GateVerdict } from './verify.ts';

/** "YYYY-MM-DD HH:mm" of an instant in the tenant's zone. */
export function gateTime(ms: number, timeZone: string): string {
  return formatDateTime(ms, timeZone).slice(0, 16);
}

/** "HH:mm" of a minute of the day (1440: 24:00). */
export function minuteText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The pass's window as the guard reads it: "from – to" in the tenant's zone (to is exclusive). */
export function windowText(verdict: GateVerdict, timeZone: string): string {
  if (verdict.validFrom === null || verdict.validTo === null) return '';
  return `${gateTime(verdict.validFrom, timeZone)} – ${gateTime(verdict.validTo, timeZone)}`;
}

/** Which colour/icon family a verdict shows: admitted, admitted but repeated, or refused. */
export function verdictTone(verdict: GateVerdict): 'ok' | 'warn' | 'bad' {
  if (verdict.result === 'valid') return 'ok';
  return verdict.result === 'repeat' ? 'warn' : 'bad';
}
