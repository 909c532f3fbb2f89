import { useState } from 'react';
import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { type ShelfLineOutcome, shelfLineOutcomes } from '#shared/schemas/shelf.ts';
import { PagedList } from '#web/components/paged-list.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { linesPageSize, useShelfImport, useShelfImportLines } from './api/get-shelf-import.ts';

const m = texts.shelf;

const tone: Record<ShelfLineOutcome, string> = {
  added: 'badge-success',
  'no-isbn': 'badge-success',
  listed: 'badge-info',
  drafted: 'badge-info',
  repeated: 'badge-ghost',
  invalid: 'badge-warning',
  'not-isbn': 'badge-ghost',
};

/** An import under way or done: its progress (asked every second), what each outcome counted, and its lines. */
export function ImportProgress({ id, onAnother }: { id: string; onAnother: () => void }) {
  const shelfImport = useShelfImport(id);
  const [problems, setProblems] = useState(false);
  const [page, setPage] = useState(1);
  const done = shelfImport.data?.state === 'done';
  const lines = useShelfImportLines(id, page, problems, shelfImport.data?.state !== 'reading');
  return (
    <QueryView query={shelfImport}>
      {(data) => {
        const looked = data.lookups.done;
        const total = data.lookups.done + data.lookups.waiting;
        const added = data.outcomes.added + data.outcomes['no-isbn'];
        return (
          <div className="space-y-6">
            <section aria-labelledby="import-progress-heading" className="card card-border bg-base-100">
              <div className="card-body gap-3">
                <h2 id="import-progress-heading" className="card-title">
                  {m.progressHeading}
                </h2>
                <p role="status" className="font-medium">
                  {data.state === 'reading' ? m.reading : done ? m.done : m.lookingUp({ done: looked, total })}
                </p>
                <progress
                  className="progress progress-primary w-full"
                  aria-label={m.progressLabel}
                  value={data.state === 'reading' ? undefined : done ? 1 : looked}
                  max={done ? 1 : Math.max(total, 1)}
                />
                {data.state !== 'reading' && (
                  <>
                    <p>{m.summary({ lines: data.lines, added })}</p>
                    <ul className="flex flex-wrap gap-2" aria-label={m.linesHeading}>
                      {shelfLineOutcomes
                        .filter((outcome) => data.outcomes[outcome] > 0)
                        .map((outcome) => (
                          <li key={outcome} className={`badge badge-soft ${tone[outcome]} h-auto py-1`}>
                            {m.outcomes[outcome]}: {data.outcomes[outcome]}
                          </li>
                        ))}
                    </ul>
                  </>
                )}
                <div className="card-actions mt-2">
                  <Link to="/dashboard/drafts" className="btn btn-primary">
                    {m.goToDrafts}
                  </Link>
                  <button type="button" className="btn btn-ghost" onClick={onAnother}>
                    {m.importAnother}
                  </button>
                </div>
              </div>
            </section>
            {data.state !== 'reading' && (
              <section aria-labelledby="import-lines-heading" className="space-y-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id="import-lines-heading" className="text-lg font-semibold">
                    {m.linesHeading}
                  </h2>
                  <label className="label cursor-pointer gap-2 text-base-content">
                    <input
                      type="checkbox"
                      className="toggle toggle-sm"
                      checked={problems}
                      onChange={(event) => {
                        setProblems(event.target.checked);
                        setPage(1);
                      }}
                    />
                    {m.onlyProblems}
                  </label>
                </div>
                <PagedList query={lines} page={page} pageSize={linesPageSize} onPage={setPage} empty={m.noLines}>
                  {(items) => (
                    <div className="overflow-x-auto rounded-box border border-base-300">
                      <table className="table table-sm">
                        <thead>
                          <tr>
                            <th scope="col">{m.lineColumn}</th>
                            <th scope="col">{m.textColumn}</th>
                            <th scope="col">{m.resultColumn}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {items.map((line) => (
                            <tr key={line.line}>
                              <td className="tabular-nums">{line.line}</td>
                              <td className="max-w-56 break-words font-mono text-xs sm:max-w-md">{line.text}</td>
                              <td>
                                <span className={`badge badge-soft ${tone[line.outcome]} h-auto py-1 text-start`}>
                                  {m.outcomes[line.outcome]}
                                </span>
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                </PagedList>
              </section>
            )}
          </div>
        );
      }}
    </QueryView>
  );
}
