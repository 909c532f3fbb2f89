import { readdirSync, readFileSync } from 'node:fs';

/** What the API reference says of one operation: the line under its name, and any paragraphs after it. */
type OperationText = { summary: string; description?: string };

/** One part of the API (an OpenAPI tag) as the API reference describes it. */
export type ApiPart = { name: string; description: string; operations: Map<string, OperationText> };

/**
 * The API reference, in the words API clients read in /api/docs: each feature describes its own operations beside
 * its code, in `features/<f>/<f>.reference.md`. Such a file has a block for each part of the API (an OpenAPI tag)
 * the feature's routes belong to: `# Part`, then a section for each of its operations, `## operationId: summary`,
 * whose paragraphs (Markdown, as OpenAPI descriptions are) describe it. One part's routes may come from several
 * features (Books: the catalogue, search, the ISBN lookup and the price guide); exactly one of them says what the
 * part is, in a paragraph under `# Part`.
 */
export function readApiReference(folder = new URL('../features/', import.meta.url)): ApiPart[] {
  const blocks = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => file.endsWith('.reference.md'))
    .sort()
    .flatMap((file) =>
      readFileSync(new URL(file, folder), 'utf8')
        .split(/^(?=# )/m)
        .filter((block) => block.trim())
        .map((block) => parseBlock(file, block)),
    );
  const parts = new Map<string, ApiPart>();
  for (const { file, name, description, operations } of blocks) {
    const part = parts.get(name) ?? { name, description: '', operations: new Map() };
    if (description && part.description) throw new Error(`${file}: the part ${name} is described elsewhere too`);
    part.description ||= description;
    for (const [operationId, text] of operations) {
      if (part.operations.has(operationId)) throw new Error(`${file}: ${operationId} is described twice`);
      part.operations.set(operationId, text);
    }
    parts.set(name, part);
  }
  for (const part of parts.values()) {
    if (!part.description)
      throw new Error(`No reference says what the part ${part.name} is: "# ${part.name}" and a paragraph`);
  }
  return [...parts.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

function parseBlock(file: string, text: string) {
  const [head = '', ...sections] = text.split(/^## /m);
  const title = /^# (.+)\n?([\s\S]*)$/.exec(head.trim());
  if (!title) throw new Error(`${file}: a block starts with "# Part" (and, in one file, a paragraph about it)`);
  const operations = new Map<string, OperationText>();
  for (const section of sections) {
    const heading = /^(\w+): (.+)\n?([\s\S]*)$/.exec(section.trim());
    if (!heading) throw new Error(`${file}: "## ${section.split('\n')[0]}" is not "## operationId: summary"`);
    const [, operationId = '', summary = '', description = ''] = heading;
    if (operations.has(operationId)) throw new Error(`${file}: ${operationId} is described twice`);
    operations.set(operationId, { summary, ...(description.trim() && { description: description.trim() }) });
  }
  return { file, name: title[1]!, description: title[2]!.trim(), operations };
}
