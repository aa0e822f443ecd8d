// Placeholder: replaced by the screen itself.
export default function VerificationOtpPage() {
  return (
    <section className="page-text">
      <h1>Enter the code</h1>
    </section>
  );
}
