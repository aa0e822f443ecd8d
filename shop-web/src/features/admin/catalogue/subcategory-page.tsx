// Placeholder: replaced by the screen itself.
export default function SubCategoryPage() {
  return (
    <section className="page-text">
      <h1>Sub Category</h1>
    </section>
  );
}
