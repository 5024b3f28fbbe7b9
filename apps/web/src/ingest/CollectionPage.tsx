// Placeholder: filled in by the helper that owns this page.
export function CollectionPage(_props: Record<string, unknown>) {
  return <section><h1>CollectionPage</h1></section>;
}
