import { type Locale, languageCookie, localeForAcceptLanguage, localizedPath } from '#shared/i18n/locales.ts';

// A first visit to the root goes to the visitor's language (Accept-Language); once a person has chosen one with
// the switcher, its cookie keeps them where they chose, English included. Only the root redirects: a shared link
// opens in the language it was shared in.

/** Where a page load of `/` is sent instead, if anywhere. */
export function rootRedirect(cookie: string | undefined, acceptLanguage: string | undefined): string | undefined {
  if (cookie && new RegExp(`(?:^|;\\s*)${languageCookie}=`).test(cookie)) return undefined;
  const locale: Locale = localeForAcceptLanguage(acceptLanguage);
  return locale === 'en' ? undefined : localizedPath(locale, '/');
}
