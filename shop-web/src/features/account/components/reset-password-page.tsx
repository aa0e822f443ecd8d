// Placeholder: replaced by the screen itself.
export default function ResetPasswordPage() {
  return (
    <section className="page-text">
      <h1>Reset password</h1>
    </section>
  );
}
