// Placeholder: replaced by the screen itself.
export default function LoginPage() {
  return (
    <section className="page-text">
      <h1>Login</h1>
    </section>
  );
}
