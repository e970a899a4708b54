import { isoDateOf } from '@yuyue/shared';
import { withTenant, type Executor } from '../../db/client.ts';
import { type AuthUser, type RequestContext, requireUser } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { appointments } from '../booking/booking.tables.ts';
import { managedScope } from '../resources/resource-admins.ts';
import { entrySummary } from '../visitors/visitors.admin-records.repository.ts';
import { visitorAdminScopeOf } from '../visitors/visitors.access.ts';
import { dayWindow } from '../visitors/visitors.appointments.rules.ts';
import { bookingFigures, bookingsPerDay, noticesRunning, visitsExpected } from './manage-home.repository.ts';
import { fillTrend, trendDates } from './manage-home.rules.ts';
import { bookingClock } from '../../platform/clock.ts';

/**
 * The caller's booking scope as the booking overview decides it (`managedScope`): undefined
 * condition for a tenant administrator, the managed resources' condition for a resource
 * administrator, null for a user who administers no resource.
 */
/** A resource administrator's condition on a booking's resource (undefined: the whole tenant). */
type ResourceScope = Awaited<ReturnType<typeof managedScope>>;

async function bookingScope(tx: Executor, tenantId: string, user: AuthUser): Promise<{ cond: ResourceScope } | null> {
  try {
    return { cond: await managedScope(tx, tenantId, user, appointments.resources_id) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'FORBIDDEN') return null;
    throw err;
  }
}

/**
 * `findManageHomeOverview`: today at a glance for the caller's scope, in one transaction. The
 * bookings part follows the booking overview's scope, the visitors part the visitor
 * administrator's (areas and types), notices are a tenant administrator's; a part outside the
 * caller's rights is null, and a caller with none of them is refused (FORBIDDEN).
 */
export async function manageHomeOverview(ctx: RequestContext) {
  const { tenant, user } = requireUser(ctx);
  if (user.role !== 'admin' && user.role !== 'user') throw new AppError('FORBIDDEN');
  const nowMs = bookingClock.now();
  const now = new Date(nowMs);
  const today = isoDateOf(nowMs, tenant.timeZone);
  const dates = trendDates(today);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const [scope, visitorScope] = [
      await bookingScope(tx, tenant.id, user),
      await visitorAdminScopeOf(tx, tenant.id, user),
    ];
    if (!scope && !visitorScope) throw new AppError('FORBIDDEN');
    const bookings = scope
      ? {
          ...(await bookingFigures(tx, tenant.id, { today, now, scope: scope.cond })),
          trend: fillTrend(
            dates,
            await bookingsPerDay(tx, tenant.id, { from: dates[0]!, to: today, scope: scope.cond }),
          ),
        }
      : null;
    let visitors = null;
    if (visitorScope) {
      const day = dayWindow(today, tenant.timeZone);
      const entries = await entrySummary(tx, tenant.id, day.starts_at, day.ends_at, now, visitorScope.areas);
      visitors = {
        expected_today: await visitsExpected(tx, tenant.id, today, visitorScope),
        on_campus: entries.on_campus,
      };
    }
    const notices = user.role === 'admin' ? await noticesRunning(tx, tenant.id, now) : null;
    return {
      date: today,
      now: now.toISOString(),
      scope: user.role === 'admin' ? 'tenant' : 'scoped',
      bookings,
      visitors,
      notices_running: notices,
    };
  });
}
