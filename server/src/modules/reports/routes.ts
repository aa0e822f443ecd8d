import { dayReportCsv, reportFileName, reportQuerySchema } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import type { ReportService } from './service';

/** The day's report (issue 19): as data for the dashboard and the counter's printed summary, and as a CSV file. */
export function reportRoutes({ reports }: { reports: ReportService }): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/api/orders/report',
      access: 'reports.view',
      query: reportQuerySchema,
      handler: async ({ query }) => ({ data: await reports.dayReport(query.day) }),
    }),
    route({
      method: 'get',
      path: '/api/orders/report.csv',
      access: 'reports.view',
      query: reportQuerySchema,
      handler: async ({ query }) => ({
        data: null,
        file: { contentType: 'text/csv; charset=utf-8', fileName: reportFileName(query.day), body: dayReportCsv(await reports.dayReport(query.day)) },
      }),
    }),
  ];
}
