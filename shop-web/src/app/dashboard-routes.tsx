// /dashboard/*: the shopper's pages (profile, myorders, address: in the shop's own chunks) and the admin pages
// (each its own lazy chunk, behind the admin guard; a shopper's phone never downloads them).
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DashboardFrame } from '../features/dashboard/dashboard-frame';
import { DashboardHome, RequireLogin, RequirePermission } from '../features/dashboard/guards';
import { Loading } from '../components/loading';
import { dashboardRoutes } from '../lib/paths';

const ProfilePage = lazy(() => import('../features/account/components/profile-page'));
const MyOrdersPage = lazy(() => import('../features/orders/components/my-orders-page'));
const AddressPage = lazy(() => import('../features/addresses/components/address-page'));
const CategoryPage = lazy(() => import('../features/admin/catalogue/category-page'));
const SubCategoryPage = lazy(() => import('../features/admin/catalogue/subcategory-page'));
const ProductAdminPage = lazy(() => import('../features/admin/catalogue/product-page'));
const UploadProductPage = lazy(() => import('../features/admin/catalogue/upload-product-page'));
const VariationPage = lazy(() => import('../features/admin/catalogue/variation-page'));
const OrderListPage = lazy(() => import('../features/admin/orders/order-list-page'));
const AllAddressesPage = lazy(() => import('../features/admin/addresses/all-addresses-page'));
const UsersPage = lazy(() => import('../features/admin/users/users-page'));
const PrintPage = lazy(() => import('../features/admin/print/print-page'));
const PrintJobsPage = lazy(() => import('../features/admin/print/print-jobs-page'));
const StorePage = lazy(() => import('../features/admin/store/store-page'));
const ReportPage = lazy(() => import('../features/admin/report/report-page'));
const CreditPage = lazy(() => import('../features/account/components/credit-page'));
const ProblemsPage = lazy(() => import('../features/admin/problems/problems-page'));
const PromoCodesPage = lazy(() => import('../features/admin/promos/promo-codes-page'));
const PackingPage = lazy(() => import('../features/admin/packing/packing-page'));
// The frame's staff pieces, passed in as slots: the printer status, and busy mode (pause and resume) with the
// admins' red banner (one lazy chunk, for those who may pause).
const PrinterStatus = lazy(() => import('../features/admin/print/printer-status').then((m) => ({ default: m.PrinterStatus })));
const PauseControl = lazy(() => import('../features/admin/store/ordering-controls').then((m) => ({ default: m.PauseControl })));
const OrderingAlert = lazy(() => import('../features/admin/store/ordering-controls').then((m) => ({ default: m.OrderingAlert })));
const frameSlots = { printerStatus: <PrinterStatus />, pauseControl: <PauseControl />, orderingAlert: <OrderingAlert /> };

const page = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

/**
 * Every dashboard page needs a logged-in user; the staff and admin pages are also behind the permission their
 * server calls need (the shared role table), so a counter clerk (STAFF) sees the order pages only.
 * The print page has no frame (it is printed as it is).
 */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<RequireLogin />}>
        <Route element={<RequirePermission permission="orders.view" />}>
          <Route path={dashboardRoutes.print} element={page(<PrintPage />)} />
        </Route>
        <Route element={<DashboardFrame slots={frameSlots} />}>
          <Route index element={<DashboardHome />} />
          <Route path={dashboardRoutes.profile} element={page(<ProfilePage />)} />
          <Route path={dashboardRoutes.myOrders} element={page(<MyOrdersPage />)} />
          <Route path={dashboardRoutes.address} element={page(<AddressPage />)} />
          <Route path={dashboardRoutes.credit} element={page(<CreditPage />)} />
          <Route element={<RequirePermission permission="credit.manage" />}>
            <Route path={dashboardRoutes.problems} element={page(<ProblemsPage />)} />
          </Route>
          <Route element={<RequirePermission permission="promotions.manage" />}>
            <Route path={dashboardRoutes.promoCodes} element={page(<PromoCodesPage />)} />
          </Route>
          <Route element={<RequirePermission permission="catalogue.manage" />}>
            <Route path={dashboardRoutes.category} element={page(<CategoryPage />)} />
            <Route path={dashboardRoutes.subCategory} element={page(<SubCategoryPage />)} />
            <Route path={dashboardRoutes.product} element={page(<ProductAdminPage />)} />
            <Route path={dashboardRoutes.uploadProduct} element={page(<UploadProductPage />)} />
            <Route path={dashboardRoutes.variation} element={page(<VariationPage />)} />
          </Route>
          <Route element={<RequirePermission permission="addresses.manage" />}>
            <Route path={dashboardRoutes.allAddresses} element={page(<AllAddressesPage />)} />
          </Route>
          <Route element={<RequirePermission permission="users.manage" />}>
            <Route path={dashboardRoutes.users} element={page(<UsersPage />)} />
          </Route>
          <Route element={<RequirePermission permission="store.manage" />}>
            <Route path={dashboardRoutes.store} element={page(<StorePage />)} />
          </Route>
          <Route element={<RequirePermission permission="reports.view" />}>
            <Route path={dashboardRoutes.report} element={page(<ReportPage />)} />
          </Route>
          <Route element={<RequirePermission permission="orders.update" />}>
            <Route path={dashboardRoutes.pack} element={page(<PackingPage />)} />
          </Route>
          <Route element={<RequirePermission permission="orders.view" />}>
            <Route path={dashboardRoutes.printJobs} element={page(<PrintJobsPage />)} />
            <Route path={dashboardRoutes.orderList} element={page(<OrderListPage />)} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
