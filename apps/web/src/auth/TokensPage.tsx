// Placeholder: filled in by the helper that owns this page.
export function TokensPage(_props: Record<string, unknown>) {
  return <section><h1>TokensPage</h1></section>;
}
