// Placeholder: replaced by the screen itself.
export default function AllAddressesPage() {
  return (
    <section className="page-text">
      <h1>All User Addresses</h1>
    </section>
  );
}
