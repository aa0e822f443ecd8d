// /dashboard/upload-product (admin): the product form for a new product, and 'Upload Multiple Products'.
import { useState } from 'react';
import { TEXT } from '@kade/shared';
import { BulkProductUpload } from './components/bulk-product-upload';
import { emptyProductForm, ProductForm } from './components/product-form';
import './components/admin-catalogue.css';

export default function UploadProductPage() {
  const [bulk, setBulk] = useState(false);
  return (
    <section className="cat-page" aria-labelledby="upload-product-title">
      <div className="cat-page__head">
        <h1 id="upload-product-title">{TEXT.uploadProduct}</h1>
        <button type="button" className="button button--ghost" onClick={() => setBulk(true)}>
          Upload Multiple Products
        </button>
      </div>
      <ProductForm initial={emptyProductForm()} onSaved={() => undefined} />
      {bulk ? <BulkProductUpload onClose={() => setBulk(false)} onSaved={() => undefined} /> : null}
    </section>
  );
}
