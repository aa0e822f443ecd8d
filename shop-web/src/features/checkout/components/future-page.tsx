// Placeholder: replaced by the screen itself.
export default function FuturePage() {
  return (
    <section className="page-text">
      <h1>Coming Soon!</h1>
    </section>
  );
}
