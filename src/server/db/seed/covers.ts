import sharp from 'sharp';

const width = 600;
const height = 900;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A plain typographic book cover as SVG, drawn locally so the demo needs no downloads. */
export function drawCover(title: string, author: string, color: string): Buffer {
  const titleLines = wrap(title, 16)
    .map((line, i) => `<tspan x="300" dy="${i === 0 ? 0 : 64}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="${color}"/>
  <rect x="36" y="36" width="528" height="828" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="4"/>
  <text x="300" y="330" font-family="DejaVu Serif, serif" font-size="54" font-weight="bold" fill="#ffffff"
    text-anchor="middle">${titleLines}</text>
  <text x="300" y="780" font-family="DejaVu Sans, sans-serif" font-size="32" fill="#ffffff" fill-opacity="0.85"
    text-anchor="middle">${escapeXml(author)}</text>
</svg>`;
  return Buffer.from(svg);
}

/** The cover of `drawCover` as a PNG, as a seller's upload would be. */
export function renderCover(title: string, author: string, color: string): Promise<Buffer> {
  return sharp(drawCover(title, author, color))
    .png()
    .toBuffer();
}
