/** The one 'Loading…' status line, for route chunks and pages waiting on their first answer. */
export function Loading() {
  return (
    <p className="route-loading" role="status">
      Loading…
    </p>
  );
}
