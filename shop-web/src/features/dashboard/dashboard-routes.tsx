// /dashboard/*: the shopper's pages (profile, myorders, address: in the shop's own chunks) and the admin pages
// (each its own lazy chunk, behind the admin guard; a shopper's phone never downloads them).
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardFrame } from './dashboard-frame';
import { RequireLogin, RequirePermission } from './guards';
import { Loading } from '../../components/loading';

const ProfilePage = lazy(() => import('../account/components/profile-page'));
const MyOrdersPage = lazy(() => import('../orders/components/my-orders-page'));
const AddressPage = lazy(() => import('../addresses/components/address-page'));
const CategoryPage = lazy(() => import('../admin/catalogue/category-page'));
const SubCategoryPage = lazy(() => import('../admin/catalogue/subcategory-page'));
const ProductAdminPage = lazy(() => import('../admin/catalogue/product-page'));
const UploadProductPage = lazy(() => import('../admin/catalogue/upload-product-page'));
const VariationPage = lazy(() => import('../admin/catalogue/variation-page'));
const OrderListPage = lazy(() => import('../admin/orders/order-list-page'));
const AllAddressesPage = lazy(() => import('../admin/addresses/all-addresses-page'));
const UsersPage = lazy(() => import('../admin/users/users-page'));
const PrintPage = lazy(() => import('../admin/print/print-page'));
const PrintJobsPage = lazy(() => import('../admin/print/print-jobs-page'));
const StorePage = lazy(() => import('../admin/store/store-page'));
const ReportPage = lazy(() => import('../admin/report/report-page'));

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
          <Route path="print/:orderId" element={page(<PrintPage />)} />
        </Route>
        <Route element={<DashboardFrame />}>
          <Route index element={<Navigate to="profile" replace />} />
          <Route path="profile" element={page(<ProfilePage />)} />
          <Route path="myorders" element={page(<MyOrdersPage />)} />
          <Route path="address" element={page(<AddressPage />)} />
          <Route element={<RequirePermission permission="catalogue.manage" />}>
            <Route path="category" element={page(<CategoryPage />)} />
            <Route path="subcategory" element={page(<SubCategoryPage />)} />
            <Route path="product" element={page(<ProductAdminPage />)} />
            <Route path="upload-product" element={page(<UploadProductPage />)} />
            <Route path="variation" element={page(<VariationPage />)} />
          </Route>
          <Route element={<RequirePermission permission="addresses.manage" />}>
            <Route path="alladdress" element={page(<AllAddressesPage />)} />
          </Route>
          <Route element={<RequirePermission permission="users.manage" />}>
            <Route path="sign" element={page(<UsersPage />)} />
          </Route>
          <Route element={<RequirePermission permission="store.manage" />}>
            <Route path="store" element={page(<StorePage />)} />
          </Route>
          <Route element={<RequirePermission permission="reports.view" />}>
            <Route path="report" element={page(<ReportPage />)} />
          </Route>
          <Route element={<RequirePermission permission="orders.view" />}>
            <Route path="print-jobs" element={page(<PrintJobsPage />)} />
            <Route path=":status" element={page(<OrderListPage />)} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
