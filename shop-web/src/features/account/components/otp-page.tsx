// Placeholder: replaced by the screen itself.
export default function OtpPage() {
  return (
    <section className="page-text">
      <h1>Verify your number</h1>
    </section>
  );
}
