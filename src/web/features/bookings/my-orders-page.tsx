export function MyOrdersPage() {
  return <h1 className="text-2xl font-bold">My Orders</h1>;
}
