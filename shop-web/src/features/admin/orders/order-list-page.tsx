// Placeholder: replaced by the screen itself.
export default function OrderListPage() {
  return (
    <section className="page-text">
      <h1>Orders</h1>
    </section>
  );
}
