// Placeholder: replaced by the screen itself.
export default function RegisterPage() {
  return (
    <section className="page-text">
      <h1>Register</h1>
    </section>
  );
}
