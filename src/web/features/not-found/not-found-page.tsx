import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';

export function NotFoundPage() {
  const t = texts.notFound;
  return (
    <section className="hero min-h-[50vh]">
      <div className="hero-content flex-col text-center">
        <p className="text-7xl font-bold text-primary">404</p>
        <h1 className="text-2xl font-semibold">{t.heading}</h1>
        <p>{t.text}</p>
        <Link to="/" className="btn btn-primary">
          {t.home}
        </Link>
      </div>
    </section>
  );
}
