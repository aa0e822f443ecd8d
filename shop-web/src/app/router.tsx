// Every route of the web app, in one file; each screen is its own lazy chunk (the dashboard included).
import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation, type Location } from 'react-router-dom';
import { Layout } from './frame/layout';

const HomePage = lazy(() => import('../features/catalogue/components/home-page'));
const ListingPage = lazy(() => import('../features/catalogue/components/listing-page'));
const ProductSheet = lazy(() => import('../features/catalogue/components/product-sheet'));
const SearchPage = lazy(() => import('../features/search/components/search-page'));
const AboutPage = lazy(() => import('../features/static-pages/components/about-page'));
const PrivacyPage = lazy(() => import('../features/static-pages/components/privacy-page'));
const TermsPage = lazy(() => import('../features/static-pages/components/terms-page'));
const ContactPage = lazy(() => import('../features/static-pages/components/contact-page'));
const LoginPlaceholder = lazy(() => import('../features/account/components/login-placeholder'));
const DashboardPlaceholder = lazy(() => import('./dashboard-placeholder'));
const NotFound = lazy(() => import('./not-found'));

/** Route paths, defined once. */
export const paths = {
  home: '/',
  search: '/search',
  product: '/product/:slug',
  listing: '/:categorySlug/:subSlug',
  about: '/about',
  privacy: '/privacy-policy',
  terms: '/terms-and-conditions',
  contact: '/contact',
  login: '/login',
  dashboard: '/dashboard/*',
} as const;

function Loading() {
  return (
    <p className="route-loading" role="status">
      Loading…
    </p>
  );
}

/**
 * The routes. A product opened from a card carries the page it was opened on (`state.background`): that
 * page stays rendered under the sheet, and closing the sheet goes back to it.
 */
export function AppRoutes() {
  const location = useLocation();
  const background = (location.state as { background?: Location } | null)?.background;
  return (
    <>
      <Suspense fallback={<Loading />}>
        <Routes location={background ?? location}>
          <Route element={<Layout />}>
            <Route path={paths.home} element={<HomePage />} />
            <Route path={paths.search} element={<SearchPage />} />
            <Route path={paths.product} element={<ProductSheet />} />
            <Route path={paths.about} element={<AboutPage />} />
            <Route path={paths.privacy} element={<PrivacyPage />} />
            <Route path={paths.terms} element={<TermsPage />} />
            <Route path={paths.contact} element={<ContactPage />} />
            <Route path={paths.login} element={<LoginPlaceholder />} />
            <Route path={paths.listing} element={<ListingPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route path={paths.dashboard} element={<DashboardPlaceholder />} />
        </Routes>
      </Suspense>
      {background ? (
        <Suspense fallback={null}>
          <Routes>
            <Route path={paths.product} element={<ProductSheet />} />
          </Routes>
        </Suspense>
      ) : null}
    </>
  );
}
