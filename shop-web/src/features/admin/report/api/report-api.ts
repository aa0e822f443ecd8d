// The day's report from the server: the figures as JSON, and the same as a CSV file to download.
import { ENDPOINTS, type BodyOf, type DayReport } from '@kade/shared';
import { call, callFile } from '../../../../lib/api-client';

export async function fetchDayReport(day: string): Promise<DayReport> {
  return (await call(ENDPOINTS.reports.day, { query: { day } })).data;
}

/** Saves the day's CSV through the browser's own download (the file name is the server's). */
export async function downloadDayReportCsv(day: string): Promise<void> {
  const { blob, fileName } = await callFile(ENDPOINTS.reports.dayCsv, { query: { day } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Records cash a rider handed in. */
export const handInCash = (body: BodyOf<typeof ENDPOINTS.cash.handIn>) => call(ENDPOINTS.cash.handIn, { body });

/** Voids a hand-in recorded by mistake: the rider holds its amount again. */
export const voidHandIn = (body: BodyOf<typeof ENDPOINTS.cash.voidHandIn>) => call(ENDPOINTS.cash.voidHandIn, { body });
