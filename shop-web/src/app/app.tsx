import { BrowserRouter } from 'react-router-dom';
import type { ShopConfigWire } from '@kade/shared';
import { LanguageSync } from '../i18n/language-sync';
import { AppGate } from './frame/app-gate';
import { CounterSlot } from './counter-slot';
import { OfflineSync } from './offline-sync';
import { OrderingSync } from './ordering-sync';
import { PageTop } from './page-top';
import { Providers } from './providers';
import { RingerSlot } from './ringer-slot';
import { StockSync } from './stock-sync';
import { SubstitutionSlot } from './substitution-slot';
import { AppRoutes } from './router';

export function App({ config }: { config: ShopConfigWire }) {
  return (
    <Providers config={config}>
      <BrowserRouter>
        <PageTop />
        <AppGate>
          <AppRoutes />
        </AppGate>
        <LanguageSync />
        <OrderingSync />
        <OfflineSync />
        <StockSync />
        <SubstitutionSlot />
        <RingerSlot />
        <CounterSlot />
      </BrowserRouter>
    </Providers>
  );
}
