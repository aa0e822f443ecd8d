// Every route of the web app, in one file; each screen is its own lazy chunk (the dashboard included).
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation, type Location } from 'react-router-dom';
import { Layout } from './frame/layout';
import { PageBoundary } from './frame/page-boundary';
import { Loading } from '../components/loading';
import { paths, routePatterns } from '../lib/paths';
import { hasBoot } from '../lib/boot';

/** Chunks of the page the shopper opened, loaded before the first render (firstScreenReady). */
const firstChunks: Array<Promise<unknown>> = [];

/**
 * A page loaded lazily. The page the shopper opened (`first`) has its chunk fetched at once, beside the shop's
 * settings, and once it is in is drawn straight away: never the route's 'Loading…' line in between, which for a
 * moment replaced the page the server drew first (a layout shift Lighthouse counted on every first visit).
 */
function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, first: boolean): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const chunk = first
    ? load().then((module) => {
        loaded = module.default;
        return module;
      })
    : undefined;
  // a chunk that failed to load is asked for again by the lazy page, which shows the route's error
  if (chunk) firstChunks.push(chunk.catch(() => undefined));
  const Lazy = lazy(() => chunk ?? load());
  return function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}

// the first screens the server draws and writes data into (home, a listing, a search): which one this visit opened
const opened = window.location.pathname;
const HomePage = page(() => import('../features/catalogue/components/home-page'), opened === paths.home);
const ListingPage = page(() => import('../features/catalogue/components/listing-page'), hasBoot('listing'));
const ProductSheet = lazy(() => import('../features/catalogue/components/product-sheet'));
const SearchPage = page(() => import('../features/search/components/search-page'), opened === paths.search);

/** Settles when the opened page's chunk is in (or failed): the first render waits for it (main.tsx). */
export const firstScreenReady: Promise<unknown> = Promise.all(firstChunks);
const AboutPage = lazy(() => import('../features/static-pages/components/about-page'));
const PrivacyPage = lazy(() => import('../features/static-pages/components/privacy-page'));
const TermsPage = lazy(() => import('../features/static-pages/components/terms-page'));
const ContactPage = lazy(() => import('../features/static-pages/components/contact-page'));
const LoginPage = lazy(() => import('../features/account/components/login-page'));
const RegisterPage = lazy(() => import('../features/account/components/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/account/components/forgot-password-page'));
const VerificationOtpPage = lazy(() => import('../features/account/components/verification-otp-page'));
const ResetPasswordPage = lazy(() => import('../features/account/components/reset-password-page'));
const OtpPage = lazy(() => import('../features/account/components/otp-page'));
const UserMenuPage = lazy(() => import('../features/account/components/user-menu-page'));
const CartPage = lazy(() => import('../features/cart/components/cart-page'));
const CheckoutAddressPage = lazy(() => import('../features/checkout/components/checkout-address-page'));
const AddAddressPage = lazy(() => import('../features/addresses/components/add-address-page'));
const CheckoutPaymentPage = lazy(() => import('../features/checkout/components/checkout-payment-page'));
const SuccessPage = lazy(() => import('../features/checkout/components/success-page'));
const CancelPage = lazy(() => import('../features/checkout/components/cancel-page'));
const FuturePage = lazy(() => import('../features/checkout/components/future-page'));
const DashboardRoutes = lazy(() => import('./dashboard-routes'));
// The rider's phone screen: its own frame, no shop header (issue 20).
const RiderPage = lazy(() => import('../features/rider/rider-page'));
const NotFound = lazy(() => import('./not-found'));


/**
 * The routes. A product opened from a card carries the page it was opened on (`state.background`): that
 * page stays rendered under the sheet, and closing the sheet goes back to it.
 */
export function AppRoutes() {
  const location = useLocation();
  const background = (location.state as { background?: Location } | null)?.background;
  // the shop's pages have their own boundary inside the frame (layout.tsx); this one is for the dashboard, the rider's
  // page and the frame itself
  return (
    <PageBoundary resetKey={location.pathname}>
      <Suspense fallback={<Loading />}>
        <Routes location={background ?? location}>
          <Route element={<Layout />}>
            <Route path={paths.home} element={<HomePage />} />
            <Route path={paths.search} element={<SearchPage />} />
            <Route path={routePatterns.product} element={<ProductSheet />} />
            <Route path={paths.about} element={<AboutPage />} />
            <Route path={paths.privacy} element={<PrivacyPage />} />
            <Route path={paths.terms} element={<TermsPage />} />
            <Route path={paths.contact} element={<ContactPage />} />
            <Route path={paths.login} element={<LoginPage />} />
            <Route path={paths.register} element={<RegisterPage />} />
            <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={paths.verificationOtp} element={<VerificationOtpPage />} />
            <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
            <Route path={paths.otp} element={<OtpPage />} />
            <Route path={paths.user} element={<UserMenuPage />} />
            <Route path={paths.cart} element={<CartPage />} />
            <Route path={paths.checkout} element={<CheckoutAddressPage />} />
            <Route path={paths.checkoutPayment} element={<CheckoutPaymentPage />} />
            <Route path={paths.checkoutAddress} element={<AddAddressPage />} />
            <Route path={paths.success} element={<SuccessPage />} />
            <Route path={paths.cancel} element={<CancelPage />} />
            <Route path={paths.future} element={<FuturePage />} />
            <Route path={routePatterns.listing} element={<ListingPage />} />
            <Route path={routePatterns.notFound} element={<NotFound />} />
          </Route>
          <Route path={routePatterns.dashboard} element={<DashboardRoutes />} />
          <Route path={paths.rider} element={<RiderPage />} />
        </Routes>
      </Suspense>
      {background ? (
        <Suspense fallback={null}>
          <Routes>
            <Route path={routePatterns.product} element={<ProductSheet />} />
          </Routes>
        </Suspense>
      ) : null}
    </PageBoundary>
  );
}
