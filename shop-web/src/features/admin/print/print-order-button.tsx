// Placeholder: replaced by the print button (browser print page, or the counter's thermal printer via the bridge).
export function PrintOrderButton({ orderId }: { orderId: string }) {
  return (
    <a className="btn" href={`/dashboard/print/${encodeURIComponent(orderId)}`}>
      Print Order Details
    </a>
  );
}
