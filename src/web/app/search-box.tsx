import { useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { searchMaxChars } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';

const m = texts.search;

/** The navbar's search: goes to /search?q=…, keeping nothing of an earlier search but its words. */
export function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  return (
    <search className={className}>
      <form
        action="/search"
        className="join w-full"
        onSubmit={(event) => {
          event.preventDefault();
          const q = new FormData(event.currentTarget).get('q')?.toString().trim() ?? '';
          // Leave the phone menu (it stays open while something in it has focus).
          (document.activeElement as HTMLElement | null)?.blur();
          navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
        }}
      >
        <label htmlFor={id} className="sr-only">
          {m.label}
        </label>
        <input
          id={id}
          key={params.get('q') ?? ''}
          name="q"
          type="search"
          defaultValue={params.get('q') ?? ''}
          maxLength={searchMaxChars}
          placeholder={m.placeholder}
          autoComplete="off"
          className="input input-sm join-item w-full min-w-0"
        />
        <button type="submit" className="btn btn-sm btn-primary join-item">
          {m.submit}
        </button>
      </form>
    </search>
  );
}
