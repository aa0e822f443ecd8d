// Placeholder: replaced by the screen itself.
export default function CheckoutAddressPage() {
  return (
    <section className="page-text">
      <h1>Checkout</h1>
    </section>
  );
}
