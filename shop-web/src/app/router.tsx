// Every route of the web app, in one file; each screen is its own lazy chunk (the dashboard included).
import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation, type Location } from 'react-router-dom';
import { Layout } from './frame/layout';
import { PageBoundary } from './frame/page-boundary';
import { Loading } from '../components/loading';
import { paths, routePatterns } from '../lib/paths';

const loadHomePage = () => import('../features/catalogue/components/home-page');
// Most visits start on the home page: its chunk is fetched at once, beside the shop's settings, not after them.
const homePageChunk = window.location.pathname === paths.home ? loadHomePage() : undefined;
const HomePage = lazy(() => homePageChunk ?? loadHomePage());
const ListingPage = lazy(() => import('../features/catalogue/components/listing-page'));
const ProductSheet = lazy(() => import('../features/catalogue/components/product-sheet'));
const SearchPage = lazy(() => import('../features/search/components/search-page'));
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
