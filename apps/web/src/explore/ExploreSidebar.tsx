// Placeholder: search, pathfinding and Cypher tabs (the explore helper).
export function ExploreSidebar() {
  return <aside className="sidebar" aria-label="Search and queries" />;
}
