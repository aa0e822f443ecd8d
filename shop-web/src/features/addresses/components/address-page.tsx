// Placeholder: replaced by the screen itself.
export default function AddressPage() {
  return (
    <section className="page-text">
      <h1>Addresses</h1>
    </section>
  );
}
