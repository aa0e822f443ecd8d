// Placeholder: replaced by the screen itself.
export default function UploadProductPage() {
  return (
    <section className="page-text">
      <h1>Upload Product</h1>
    </section>
  );
}
