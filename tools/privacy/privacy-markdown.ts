import type { PrivacyBlock, PrivacyContent } from '../../lib/privacy/privacy-content';

// Table cells may hold `|`; everything else is plain text, written as is.
const cell = (text: string) => text.replace(/\|/g, '\\|');

function blockMarkdown(block: PrivacyBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'table':
      return [block.head, block.head.map(() => '---'), ...block.rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
  }
}

/** PRIVACY.md: the privacy page's content as Markdown (`npm run privacy:md` writes it; a test keeps it current). */
export function privacyMarkdown(content: PrivacyContent): string {
  const parts = [`# ${content.title}`, ...content.intro.map(blockMarkdown)];
  for (const section of content.sections) parts.push(`## ${section.heading}`, ...section.blocks.map(blockMarkdown));
  return `${parts.join('\n\n')}\n`;
}
