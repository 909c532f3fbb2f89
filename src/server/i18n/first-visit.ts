import { isLocale, type Locale, languageCookie, localeForAcceptLanguage, localizedPath } from '#shared/i18n/locales.ts';

// The root goes to the language a person chose with the switcher (its cookie), English included, and on a first
// visit to the language their browser asks for (Accept-Language). Only the root redirects: a shared link opens in
// the language it was shared in.

/** Where a page load of `/` is sent instead, if anywhere. */
export function rootRedirect(cookie: string | undefined, acceptLanguage: string | undefined): string | undefined {
  const chosen = cookie?.match(new RegExp(`(?:^|;\\s*)${languageCookie}=([^;]*)`))?.[1];
  const locale: Locale =
    chosen === undefined ? localeForAcceptLanguage(acceptLanguage) : isLocale(chosen) ? chosen : 'en';
  return locale === 'en' ? undefined : localizedPath(locale, '/');
}
