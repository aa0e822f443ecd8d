// Placeholder: replaced by the screen itself.
export default function MyOrdersPage() {
  return (
    <section className="page-text">
      <h1>My Orders</h1>
    </section>
  );
}
