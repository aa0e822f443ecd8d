// Placeholder: replaced by the screen itself.
export default function ProfilePage() {
  return (
    <section className="page-text">
      <h1>Profile</h1>
    </section>
  );
}
