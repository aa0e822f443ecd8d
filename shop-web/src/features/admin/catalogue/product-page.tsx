// Placeholder: replaced by the screen itself.
export default function ProductAdminPage() {
  return (
    <section className="page-text">
      <h1>Product</h1>
    </section>
  );
}
