// /dashboard/subcategory (admin): the 'Sub Category' page of SPEC.md section 2.
import { GroupPage } from './components/group-page';

export default function SubCategoryPage() {
  return <GroupPage kind="subcategory" />;
}
