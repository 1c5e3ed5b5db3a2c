// The start page's figures and the tracking report.
import type { BackofficeOverview, TrackingReport } from '#contract/backoffice.ts'
import { berlinDate } from '#contract/campus.ts'
import { reviewQueueStats } from '#server/campus/index.ts'
import { countTrackingEvents } from '#server/consent/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './repo.ts'
import { addDays, berlinDayStart } from './shared.ts'

export async function overview(ctx: AppContext): Promise<BackofficeOverview> {
  const day = berlinDate(ctx.clock.now())
  const [figures, campus] = await Promise.all([
    repo.dayFigures(ctx.db, day),
    reviewQueueStats(ctx.db),
  ])
  return {
    day,
    ordersToday: figures.orders,
    revenueTodayCents: figures.revenueCents,
    openDeliveries: figures.openDeliveries,
    ...campus,
  }
}

const REPORT_DEFAULT_DAYS = 14
const REPORT_MAX_DAYS = 366

/** Tracking events per type and Berlin day, `from` and `to` included. */
export async function trackingReport(
  ctx: AppContext,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Result<TrackingReport, 'backoffice_range_invalid'>> {
  const to = query.to ?? berlinDate(ctx.clock.now())
  const from = query.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1))
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1
  if (!(days >= 1 && days <= REPORT_MAX_DAYS)) return err('backoffice_range_invalid')
  const rows = await countTrackingEvents(ctx.db, {
    from: berlinDayStart(from),
    to: berlinDayStart(addDays(to, 1)),
  })
  return ok({ from, to, rows })
}
