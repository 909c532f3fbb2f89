import { readdirSync } from 'node:fs';
import type { MailTemplate } from './define-mail.ts';
import type { MailData, MailWords } from './mail-message.ts';

const serverFolder = new URL('../', import.meta.url);

/**
 * Every template, found when the server starts in the mail files of the server's folders (`features/<f>/<f>.mail.ts`,
 * `auth/auth.mail.ts`, each exporting `mailTemplates`, each declared with `defineMail`): a feature adds a message in its own folder, and no list
 * here names it.
 */
export const mailTemplates: ReadonlyMap<string, { render(data: MailData): MailWords }> = await findTemplates();

async function findTemplates() {
  const files = readdirSync(serverFolder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[/\\])[^/\\]+\.mail\.ts$/.test(file))
    .sort();
  const found = new Map<string, { render(data: MailData): MailWords }>();
  for (const file of files) {
    const { mailTemplates: declared } = (await import(new URL(file.replaceAll('\\', '/'), serverFolder).href)) as {
      mailTemplates: MailTemplate<never>[];
    };
    for (const declaration of declared) {
      if (found.has(declaration.template))
        throw new Error(`${file}: the mail ${declaration.template} is declared twice`);
      found.set(declaration.template, declaration as unknown as { render(data: MailData): MailWords });
    }
  }
  return found;
}
