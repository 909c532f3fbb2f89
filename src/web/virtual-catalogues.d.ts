// The catalogue chunks the build makes (src/build/catalogue-chunks.ts).
declare module 'virtual:catalogues' {
  import type { Locale } from '#shared/i18n/locales.ts';

  type Chunk = () => Promise<{ default: Record<string, unknown> }>;
  export const shell: Record<Locale, Chunk>;
  export const pages: Record<Locale, Chunk>;
  export const articles: Record<Locale, Chunk>;
}
