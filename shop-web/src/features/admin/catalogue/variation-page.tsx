// Placeholder: replaced by the screen itself.
export default function VariationPage() {
  return (
    <section className="page-text">
      <h1>Upload Product Variation</h1>
    </section>
  );
}
