export function MyProductsPage() {
  return <h1 className="text-2xl font-bold">My Products</h1>;
}
