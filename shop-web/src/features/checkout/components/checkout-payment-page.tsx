// Placeholder: replaced by the screen itself.
export default function CheckoutPaymentPage() {
  return (
    <section className="page-text">
      <h1>Payment</h1>
    </section>
  );
}
