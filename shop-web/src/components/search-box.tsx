/** A dashboard list's search box (orders, users, addresses): what it asks for is its placeholder and its accessible name. */
export function SearchBox({ label, value, onChange, className }: { label: string; value: string; onChange: (value: string) => void; className: string }) {
  return <input type="search" className={className} placeholder={label} aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />;
}
