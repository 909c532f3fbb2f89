import { useEffect, useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';

const tones = ['from-primary to-secondary', 'from-secondary to-accent', 'from-accent to-primary'];
const slides = texts.home.slides.map((caption, i) => ({ caption, tone: tones[i % tones.length] }));
const intervalMs = 5000;

export function BannerCarousel() {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const go = (step: number) => setCurrent((i) => (i + step + slides.length) % slides.length);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % slides.length), intervalMs);
    return () => clearInterval(timer);
  }, [paused]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={texts.home.carouselLabel}
      className="relative overflow-hidden rounded-box"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, i) => (
        <section
          key={slide.caption}
          aria-roledescription="slide"
          aria-label={texts.home.slidePosition({ n: i + 1, count: slides.length })}
          aria-hidden={i !== current}
          data-active={i === current}
          className={`bg-gradient-to-br ${slide.tone} px-8 py-16 text-primary-content sm:px-16 sm:py-24 ${i === current ? 'block' : 'hidden'}`}
        >
          <h1 className="max-w-2xl text-4xl font-bold sm:text-5xl">{texts.home.headline}</h1>
          <p className="mt-4 max-w-xl text-lg">{texts.home.tagline}</p>
          <p className="mt-2 max-w-xl opacity-90">{slide.caption}</p>
          <a href="#categories" className="btn btn-lg mt-8 border-0" tabIndex={i === current ? 0 : -1}>
            {texts.home.searchCategory}
          </a>
        </section>
      ))}
      <div className="absolute inset-x-4 bottom-4 flex justify-end gap-2">
        <button type="button" className="btn btn-circle" onClick={() => go(-1)} aria-label={texts.home.previousSlide}>
          <span className="inline-block rtl:-scale-x-100">❮</span>
        </button>
        <button type="button" className="btn btn-circle" onClick={() => go(1)} aria-label={texts.home.nextSlide}>
          <span className="inline-block rtl:-scale-x-100">❯</span>
        </button>
      </div>
    </section>
  );
}
