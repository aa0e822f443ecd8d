// Placeholder: replaced by the screen itself.
export default function UserMenuPage() {
  return (
    <section className="page-text">
      <h1>My Account</h1>
    </section>
  );
}
