// Placeholder: replaced by the screen itself.
export default function CategoryPage() {
  return (
    <section className="page-text">
      <h1>Category</h1>
    </section>
  );
}
