// Placeholder: replaced by the screen itself.
export default function ForgotPasswordPage() {
  return (
    <section className="page-text">
      <h1>Forgot password</h1>
    </section>
  );
}
