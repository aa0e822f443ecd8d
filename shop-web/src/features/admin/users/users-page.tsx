// Placeholder: replaced by the screen itself.
export default function UsersPage() {
  return (
    <section className="page-text">
      <h1>Users</h1>
    </section>
  );
}
