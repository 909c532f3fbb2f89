/** What is known about something: each term beside its value, in two columns `columnGap` apart. */
export function FactList({ facts, columnGap }: { facts: [string, string][]; columnGap: 'gap-x-3' | 'gap-x-4' }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] ${columnGap} gap-y-1 text-sm`}>
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-base-content/70">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
