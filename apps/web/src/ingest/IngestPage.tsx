// Placeholder: filled in by the helper that owns this page.
export function IngestPage(_props: Record<string, unknown>) {
  return <section><h1>IngestPage</h1></section>;
}
