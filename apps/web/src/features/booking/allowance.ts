/**
 * The words of a per-person limit and of the caller's allowance under it (issue 16): each says
 * what it counts, this resource alone or every resource of its type together (docs/GLOSSARY.md,
 * "Per-person limit"), so the words read as the booking engine counts.
 */
import type { TFunction } from 'i18next';
import type { Allowance } from './api/findAppointmentAllowance.ts';

/** The open ends of a dated limit's period as the server gives them. */
const OPEN_BEGIN = '0000-01-01';
const OPEN_END = '9999-12-31';

/** The limit itself, e.g. 「本资源每人每天最多 1 次」 / "This resource, at most 1 per person a day". */
function ruleText(
  a: Pick<Allowance, 'kind' | 'appointment_number_rule' | 'limit' | 'period_begin' | 'period_end'>,
  t: TFunction,
) {
  if (a.kind === 'unfinished') return t('booking.allowance.unfinished', { limit: a.limit });
  if (a.appointment_number_rule !== '4')
    return t(`booking.allowance.rule${a.appointment_number_rule}`, { limit: a.limit });
  const from = a.period_begin && a.period_begin !== OPEN_BEGIN ? a.period_begin : '';
  const to = a.period_end && a.period_end !== OPEN_END ? a.period_end : '';
  const key = from && to ? 'rule4' : from ? 'rule4From' : to ? 'rule4To' : 'rule4Open';
  return t(`booking.allowance.${key}`, { limit: a.limit, from, to });
}

/** What a limit counts, in words: this resource, or its type (named when known) all together. */
function scopeText(scope: Allowance['scope'], t: TFunction, typeName: string) {
  if (scope === 'resource') return t('booking.allowance.scopeResource');
  return typeName ? t('booking.allowance.scopeType', { type: typeName }) : t('booking.allowance.scopeTypeUnnamed');
}

/**
 * One line per limit: what it counts, the limit, and how many more the caller may book under it
 * (`exhausted` when none). `typeName`: the resource's type in the language in use.
 */
export function allowanceLines(
  list: readonly Allowance[],
  t: TFunction,
  typeName: string,
): { key: string; text: string; exhausted: boolean }[] {
  return list.map((a, i) => {
    const exhausted = a.remaining <= 0;
    const unfinished = a.kind === 'unfinished';
    const usage = t(`booking.allowance.${exhausted ? 'none' : 'left'}${unfinished ? 'Unfinished' : ''}`, {
      remaining: a.remaining,
      used: a.used,
    });
    return {
      key: `${a.scope}-${a.kind}-${a.appointment_number_rule}-${i}`,
      text: t('booking.allowance.line', { scope: scopeText(a.scope, t, typeName), rule: ruleText(a, t), usage }),
      exhausted,
    };
  });
}
