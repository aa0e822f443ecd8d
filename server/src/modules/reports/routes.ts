import { dayReportCsv, ENDPOINTS, reportFileName } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import type { ReportService } from './service';

/** The day's report (issue 19): as data for the dashboard and the counter's printed summary, and as a CSV file. */
export function reportRoutes({ reports }: { reports: ReportService }): RouteSpec[] {
  return [
    route(ENDPOINTS.reports.day, async ({ query }) => ({ data: await reports.dayReport(query.day) })),
    route(ENDPOINTS.reports.dayCsv, async ({ query }) => ({
      data: null,
      file: { contentType: 'text/csv; charset=utf-8', fileName: reportFileName(query.day), body: dayReportCsv(await reports.dayReport(query.day)) },
    })),
  ];
}
