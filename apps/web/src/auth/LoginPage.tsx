// Placeholder: filled in by the helper that owns this page.
export function LoginPage(_props: Record<string, unknown>) {
  return <section><h1>LoginPage</h1></section>;
}
