import { readdirSync, readFileSync } from 'node:fs';

/** What the API reference says of one operation: the line under its name, and any paragraphs after it. */
type OperationText = { summary: string; description?: string };

/** One part of the API (an OpenAPI tag) as its page in the reference describes it. */
export type ApiPart = { name: string; description: string; operations: Map<string, OperationText> };

/**
 * The API reference: a Markdown page for each part of the API (`api-reference/Books.md`), in the words API clients
 * read in /api/docs. A page is `# Part`, a paragraph about the part, then a section for each of its operations,
 * `## operationId: summary`, whose paragraphs (Markdown, as OpenAPI descriptions are) describe it.
 */
export function readApiReference(folder = new URL('./api-reference/', import.meta.url)): ApiPart[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => parsePage(file, readFileSync(new URL(file, folder), 'utf8')));
}

function parsePage(file: string, text: string): ApiPart {
  const [head = '', ...sections] = text.split(/^## /m);
  const title = /^# (.+)\n([\s\S]*)$/.exec(head.trim());
  if (!title) throw new Error(`api-reference/${file}: a page starts with "# Part" and a paragraph about it`);
  const operations = new Map<string, OperationText>();
  for (const section of sections) {
    const heading = /^(\w+): (.+)\n?([\s\S]*)$/.exec(section.trim());
    if (!heading)
      throw new Error(`api-reference/${file}: "## ${section.split('\n')[0]}" is not "## operationId: summary"`);
    const [, operationId = '', summary = '', description = ''] = heading;
    if (operations.has(operationId)) throw new Error(`api-reference/${file}: ${operationId} is described twice`);
    operations.set(operationId, { summary, ...(description.trim() && { description: description.trim() }) });
  }
  return { name: title[1]!, description: title[2]!.trim(), operations };
}
