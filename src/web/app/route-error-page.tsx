import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';

const m = texts.routeError;

/**
 * Every route's error element: a page that failed to show (its code did not load, or it broke while drawing) is
 * replaced by this, inside the layout, with a way to try again and a way home; screen readers announce it.
 */
export function RouteErrorPage() {
  return (
    <section role="alert" className="py-16 text-center">
      <h1 className="text-3xl font-bold">{m.heading}</h1>
      <p className="mt-4">{m.text}</p>
      <p className="mt-6 flex justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {m.retry}
        </button>
        <Link to="/" className="btn btn-outline">
          {m.home}
        </Link>
      </p>
    </section>
  );
}
