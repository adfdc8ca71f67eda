/**
 * An empty field as a dash ("—" rather than words in every empty cell); `label` keeps the words for
 * screen readers and the tooltip.
 */
export function Dash({ label, className }: { label: string; className?: string }) {
  return (
    <span className={className} title={label}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
