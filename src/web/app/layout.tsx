import { texts } from '#shared/i18n/texts.ts';
import { Footer } from './footer.tsx';
import { PageOutlet } from './lazy-pages.tsx';
import { Navbar } from './navbar.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="btn btn-sm absolute start-2 top-2 z-50 -translate-y-20 focus:translate-y-0">
        {texts.nav.skipToContent}
      </a>
      <Navbar />
      {/* At least a screen tall, so the footer starts below the fold and content arriving later moves nothing. */}
      <main id="main" className="mx-auto min-h-svh w-full max-w-7xl flex-1 px-4 py-6">
        <PageOutlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
