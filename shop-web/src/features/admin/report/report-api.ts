// The day's report from the server: the figures as JSON, and the same as a CSV file to download.
import type { DayReport } from '@kade/shared';
import { api, apiFile } from '../../../lib/api-client';

export async function fetchDayReport(day: string): Promise<DayReport> {
  return (await api<DayReport>('GET', `/api/orders/report?day=${encodeURIComponent(day)}`)).data;
}

/** Saves the day's CSV through the browser's own download (the file name is the server's). */
export async function downloadDayReportCsv(day: string): Promise<void> {
  const { blob, fileName } = await apiFile(`/api/orders/report.csv?day=${encodeURIComponent(day)}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
