// /dashboard/category (admin): categories with add, edit, delete and the bulk modals.
import { GroupPage } from './components/group-page';

export default function CategoryPage() {
  return <GroupPage kind="category" />;
}
