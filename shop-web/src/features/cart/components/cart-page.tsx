// Placeholder: replaced by the screen itself.
export default function CartPage() {
  return (
    <section className="page-text">
      <h1>Cart</h1>
    </section>
  );
}
