export function AddBookPage() {
  return <h1 className="text-2xl font-bold">Add sell</h1>;
}
