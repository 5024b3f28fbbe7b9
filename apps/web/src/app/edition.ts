// The server writes its EDITION into the served page's <meta name="pathwarden-edition">: community hides
// enterprise-only pages (their routes answer 404 there anyway).
export type Edition = 'enterprise' | 'community';

export function edition(): Edition {
  const value = document.querySelector('meta[name="pathwarden-edition"]')?.getAttribute('content');
  return value === 'community' ? 'community' : 'enterprise';
}
