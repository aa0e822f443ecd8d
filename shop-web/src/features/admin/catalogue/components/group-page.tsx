// The category and 'Sub Category' pages: heading, add and bulk buttons, and the table (serial number, Name,
// Image with the full-screen viewer, Category chips for sub-categories, Action: edit and delete). The list is
// fetched on open and again after every successful add, edit, delete or bulk upload.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { TEXT, type CategoryWire, type SubCategoryWire } from '@kade/shared';
import { OtherNames } from '../../../../components/other-names';
import { imageAt } from '../../../../lib/images';
import { showError } from '../../../../lib/show-error';
import { catalogueAdminApi } from '../api/catalogue-admin-api';
import { useCategories, useSubCategories } from '../hooks/use-catalogue-data';
import { BulkCategoryUpdate, BulkGroupUpload } from './bulk-group-upload';
import { GroupForm, type GroupDraft } from './group-form';
import { ConfirmDialog, ImageViewer } from './modal';
import './admin-catalogue.css';
import { Loading } from '../../../../components/loading';

type Row = CategoryWire | SubCategoryWire;
type Open =
  | { what: 'form'; title: string; draft: GroupDraft }
  | { what: 'delete'; row: Row }
  | { what: 'view'; row: Row }
  | { what: 'bulk' }
  | { what: 'bulk-update' }
  | null;

const isSub = (row: Row): row is SubCategoryWire => 'category' in row;

export function GroupPage({ kind }: { kind: 'category' | 'subcategory' }) {
  const sub = kind === 'subcategory';
  const categories = useCategories();
  const subCategories = useSubCategories();
  const list: { items: Row[]; loading: boolean; reload: () => Promise<void> } = sub ? subCategories : categories;
  const [open, setOpen] = useState<Open>(null);
  const label = sub ? 'Sub Category' : 'Category';
  const close = () => setOpen(null);
  const reload = () => void list.reload();

  async function remove(row: Row) {
    try {
      const answer = sub ? await catalogueAdminApi.deleteSubCategory(row._id) : await catalogueAdminApi.deleteCategory(row._id);
      toast.success(answer.message);
      close();
      reload();
    } catch (error) {
      // e.g. 409 'N products use the category ...': the server's message says what to do
      showError(error);
      close();
    }
  }

  return (
    <section className="cat-page" aria-labelledby="cat-page-title">
      <div className="cat-page__head">
        <h1 id="cat-page-title">{label}</h1>
        <div className="cat-page__buttons">
          <button type="button" className="button button--primary" onClick={() => setOpen({ what: 'form', title: `Add ${label}`, draft: { name: '', nameSi: '', nameTa: '', image: '', category: [] } })}>
            Add {label}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setOpen({ what: 'bulk' })}>
            {sub ? 'Upload Multiple Sub Categories' : 'Upload Multiple Categories'}
          </button>
          {sub ? null : (
            <button type="button" className="button button--ghost" onClick={() => setOpen({ what: 'bulk-update' })}>
              Update Category
            </button>
          )}
        </div>
      </div>

      {list.loading && list.items.length === 0 ? (
        <Loading />
      ) : list.items.length === 0 ? (
        <p className="empty">{TEXT.noData}</p>
      ) : (
        <div className="cat-table-wrap">
          <table className="cat-table">
            <caption className="visually-hidden">{sub ? 'Sub-categories' : 'Categories'}</caption>
            <thead>
              <tr>
                <th scope="col">Sr.No</th>
                <th scope="col">Name</th>
                <th scope="col">Image</th>
                {sub ? <th scope="col">Category</th> : null}
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((row, index) => (
                <tr key={row._id}>
                  <td>{index + 1}</td>
                  <td>
                    <span className="cat-table__name">{row.name}</span>
                    <OtherNames item={row} />
                  </td>
                  <td>
                    <button type="button" className="cat-thumb-button" aria-label={`View image of ${row.name}`} onClick={() => setOpen({ what: 'view', row })}>
                      {row.image ? <img src={imageAt(row.image, 160)} alt="" width={48} height={48} loading="lazy" /> : 'No Image'}
                    </button>
                  </td>
                  {isSub(row) ? (
                    <td>
                      <ul className="cat-chips">
                        {row.category.map((c) => (
                          <li key={c._id} className="cat-chip">
                            {c.name}
                          </li>
                        ))}
                      </ul>
                    </td>
                  ) : null}
                  <td>
                    <div className="cat-row-actions">
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`Edit ${row.name}`}
                        onClick={() =>
                          setOpen({
                            what: 'form',
                            title: `Edit ${label}`,
                            draft: {
                              _id: row._id,
                              name: row.name,
                              nameSi: row.nameSi ?? '',
                              nameTa: row.nameTa ?? '',
                              image: row.image,
                              category: isSub(row) ? row.category.map((c) => c._id) : [],
                            },
                          })
                        }
                      >
                        Edit
                      </button>
                      <button type="button" className="button button--danger-ghost" aria-label={`Delete ${row.name}`} onClick={() => setOpen({ what: 'delete', row })}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {open?.what === 'form' ? (
        <GroupForm kind={kind} title={open.title} initial={open.draft} categories={categories.items} onClose={close} onSaved={reload} />
      ) : null}
      {open?.what === 'delete' ? (
        <ConfirmDialog title={`Delete ${label}`} message={`Are you sure you want to delete "${open.row.name}"?`} onConfirm={() => remove(open.row)} onClose={close} />
      ) : null}
      {open?.what === 'view' ? <ImageViewer url={imageAt(open.row.image, 1024)} name={open.row.name} onClose={close} /> : null}
      {open?.what === 'bulk' ? <BulkGroupUpload kind={kind} categories={categories.items} onClose={close} onSaved={reload} /> : null}
      {open?.what === 'bulk-update' ? <BulkCategoryUpdate categories={categories.items} onClose={close} onSaved={reload} /> : null}
    </section>
  );
}
