import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../../lib/network-state';

/**
 * Whether an error is a screen's code that did not arrive: each screen is its own chunk (router.tsx), fetched the
 * first time it opens. Offline, a screen never opened before has no chunk in the service worker's cache; after a
 * release, a page loaded before it names chunks the server no longer has. Browsers word it differently.
 */
export function isMissingChunk(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(message);
}

/**
 * What a page that failed says, in place of the page: why, in words a shopper can act on, and 'Try again'. A screen
 * whose code did not arrive while offline opens by itself when the network comes back (the page loads again; only
 * on that change, so a server that keeps failing never makes it reload over and over).
 */
function PageFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const offline = useOffline();
  const missingChunk = isMissingChunk(error);
  const needsNetwork = missingChunk && (offline || !navigator.onLine);
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline && missingChunk) window.location.reload();
    wasOffline.current = offline;
  }, [offline, missingChunk]);
  return (
    <section className="page-failed" role="alert" aria-labelledby="page-failed-title">
      <h1 id="page-failed-title">{needsNetwork ? t('pageFailed.offlineTitle') : t('pageFailed.title')}</h1>
      <p>{needsNetwork ? t('pageFailed.offlineText') : t('pageFailed.text')}</p>
      {/* A screen whose code failed to load stays failed until the page loads again (React keeps the failure). */}
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('pageFailed.retry')}
      </button>
    </section>
  );
}

interface Props {
  children: ReactNode;
  /** Moving to another address clears a failure: the next page gets its own chance. */
  resetKey: string;
}

/**
 * Catches what a page throws while it is drawn (above all a screen's code that could not be fetched) and shows
 * PageFailed in its place, inside the shop's frame, so the header, the cart and the offline notice stay; without it
 * React unmounts everything and the shopper sees a blank page.
 */
export class PageBoundary extends Component<Props, { error: unknown; failedAt: string | undefined }> {
  override state: { error: unknown; failedAt: string | undefined } = { error: undefined, failedAt: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; failedAt: string | undefined }) {
    if (state.error !== undefined && state.failedAt !== undefined && state.failedAt !== props.resetKey) return { error: undefined, failedAt: undefined };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedAt: this.props.resetKey });
    console.error('a page failed to draw', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error !== undefined ? <PageFailed error={this.state.error} /> : this.props.children;
  }
}
