import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="hero min-h-[50vh]">
      <div className="hero-content flex-col text-center">
        <p className="text-7xl font-bold text-primary">404</p>
        <h1 className="text-2xl font-semibold">This page is not on our shelves</h1>
        <p>The address may be mistyped, or the page has moved.</p>
        <Link to="/" className="btn btn-primary">
          Back to the home page
        </Link>
      </div>
    </section>
  );
}
