export function UsersPage({ filter }: { filter: 'all' | 'buyers' | 'sellers' }) {
  return <h1 className="text-2xl font-bold">{filter}</h1>;
}
