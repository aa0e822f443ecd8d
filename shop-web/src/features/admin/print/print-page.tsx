// Placeholder: replaced by the 72 mm receipt print page.
export default function PrintPage() {
  return (
    <section className="page-text">
      <h1>Print Order Details</h1>
    </section>
  );
}
