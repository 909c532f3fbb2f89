export function ReportedItemsPage() {
  return <h1 className="text-2xl font-bold">Reported Items</h1>;
}
