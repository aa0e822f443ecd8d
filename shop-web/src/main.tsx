import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstScreenReady } from './app/router';
import { setPageLanguage, startI18n } from './i18n/i18n';
import { warmScriptFont } from './i18n/script-fonts';
import { initialLanguage } from './state/language';
import { loadShopConfig } from './lib/shop-config';
import { keepOfflineScreens } from './app/offline-screens';
import './app/styles.css';
import 'virtual:script-fonts.css';

/**
 * Registers the service worker, then has it keep the screens a shopper needs offline (offline-screens.ts); a
 * browser without one, or a failure, changes nothing.
 */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/service-worker.js')
      .then(() => keepOfflineScreens())
      .catch(() => undefined);
  });
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  registerServiceWorker();
  try {
    // the shop's config, the shopper's catalogue and (for Sinhala or Tamil) its script's face load together
    const language = initialLanguage();
    setPageLanguage(language);
    // and the chunk of the page opened, so its first render draws it rather than a moment of 'Loading…'
    const [config] = await Promise.all([loadShopConfig(), startI18n(language), warmScriptFont(language), firstScreenReady]);
    // A transition: React draws the first screen in slices of a few milliseconds, letting the phone answer a tap
    // between them, instead of one long task that held a slow phone's main thread for most of a second.
    const app = createRoot(root);
    startTransition(() => {
      app.render(
        <StrictMode>
          <App config={config} />
        </StrictMode>,
      );
    });
  } catch {
    root.innerHTML =
      '<main class="gate"><h1>Kade</h1><p role="alert">The shop cannot be reached right now. Please check your connection and try again.</p></main>';
  }
}

void start();
