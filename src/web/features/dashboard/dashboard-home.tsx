export function DashboardHome() {
  return <h1 className="text-2xl font-bold">Dashboard</h1>;
}
