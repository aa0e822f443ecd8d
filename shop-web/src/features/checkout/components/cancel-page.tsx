// Placeholder: replaced by the screen itself.
export default function CancelPage() {
  return (
    <section className="page-text">
      <h1>Order Cancel</h1>
    </section>
  );
}
