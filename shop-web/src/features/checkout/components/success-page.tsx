// Placeholder: replaced by the screen itself.
export default function SuccessPage() {
  return (
    <section className="page-text">
      <h1>Success</h1>
    </section>
  );
}
