/**
 * The web app's build-time configuration, read once from Vite's environment. The API is same-origin by
 * default (the server serves this app); VITE_API_BASE points a dev build elsewhere.
 */
export interface WebConfig {
  apiBase: string;
}

export function readApiBase(value: unknown): string {
  if (value === undefined || value === '') return '';
  if (typeof value !== 'string' || !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(value)) {
    throw new Error(`VITE_API_BASE must be an http(s) URL, got "${String(value)}"`);
  }
  return value.replace(/\/$/, '');
}

export const webConfig: WebConfig = {
  apiBase: readApiBase(import.meta.env.VITE_API_BASE),
};
