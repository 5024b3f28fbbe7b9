// Placeholder: filled in by the helper that owns this page.
export function ChangePasswordPage(_props: Record<string, unknown>) {
  return <section><h1>ChangePasswordPage</h1></section>;
}
