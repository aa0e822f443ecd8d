/** Grey loading blocks: `count` of them, hidden from screen readers (a status line says what loads). */
export function Placeholders({ count, className, label }: { count: number; className: string; label: string }) {
  return (
    <>
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`placeholder ${className}`} aria-hidden="true" data-testid="placeholder" />
      ))}
    </>
  );
}
