import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * "Is this X / LinkedIn" and the X handle rule live in one module, lib/profile/sites.ts (issue 40). This
 * reads every production source (lib, components, entrypoints, hooks, wxt.config.ts) with the TypeScript
 * scanner, so comments are not code, and fails on any string, template or regular-expression literal
 * elsewhere that spells a handle pattern or an X/LinkedIn host. Import the rule from the site module instead.
 */
const root = join(import.meta.dirname, '../..');
const SITE_MODULE = 'lib/profile/sites.ts';

/** Literals that must stay where they are, each with its reason. A stale entry fails too. */
const ALLOWED: readonly { file: string; literal: string; why: string }[] = [
  {
    file: 'components/shared/safe-href.ts',
    literal: String.raw`/^https?:\/\/(?:www\.)?(?:t\.me|telegram\.me)\/([A-Za-z0-9_]+)\/?$/i`,
    why: 'a Telegram username in a t.me link, not an X handle',
  },
  { file: 'components/shared/safe-href.ts', literal: '/^[A-Za-z0-9_]{3,64}$/', why: 'a Telegram username, not an X handle' },
  { file: 'lib/contacts/vcard.ts', literal: '/^@?([A-Za-z0-9_]{3,32})$/', why: 'a Telegram username, not an X handle' },
  { file: 'components/sidepanel/profile-label.tsx', literal: "'linkedin.com/company/'", why: 'text the rep reads, not a host test' },
  { file: 'components/sidepanel/profile-label.tsx', literal: "'linkedin.com/in/'", why: 'text the rep reads, not a host test' },
  {
    file: 'components/sidepanel/tab-state-view.tsx',
    literal: "'Open the person’s regular LinkedIn profile (linkedin.com/in/…) or Sales Navigator lead page to look them up.'",
    why: 'text the rep reads (the Recruiter idle state), not a host test',
  },
];

// A character class of letters, digits and underscore only, repeated: the shape of every handle rule.
const WORD_CLASS = /\[((?:[^\]\\]|\\.)*)\]\s*[{+*]/g;
const WORD_REPEAT = /\\w\{/;
// A site's domain as a host name (`x.com`, `https://www.linkedin.com/`, `*.twitter.com`).
const SITE_DOMAIN = /(?<![\w-])(?:x|twitter|linkedin)\.com(?![\w-])/i;
// A pattern that escapes `.com` and names a site anywhere in it (`(?:x|twitter)\.com`).
const ESCAPED_COM = /\\\.com/;
const SITE_WORD = /(?<![A-Za-z])(?:x|twitter|linkedin)(?![A-Za-z])/i;

function isHandlePattern(text: string): boolean {
  if (WORD_REPEAT.test(text)) return true;
  return [...text.matchAll(WORD_CLASS)].some(([, inside = '']) => inside.includes('_') && inside.replace(/A-Z|a-z|0-9|\\d|_/g, '') === '');
}

function isHostTest(text: string): boolean {
  return SITE_DOMAIN.test(text) || (ESCAPED_COM.test(text) && SITE_WORD.test(text));
}

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
]);

interface Finding {
  file: string;
  line: number;
  literal: string;
  what: 'X handle pattern' | 'X/LinkedIn host';
}

/** Every literal in `text` that spells a handle pattern or a site host. */
function siteRuleFindings(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (LITERALS.has(node.kind)) {
      // The cooked value (what a RegExp built from a string sees) and the source as written.
      const values = [(node as ts.LiteralLikeNode).text, node.getText(source)];
      const what = values.some(isHandlePattern) ? 'X handle pattern' : values.some(isHostTest) ? 'X/LinkedIn host' : undefined;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      if (what) found.push({ file, line, literal: node.getText(source), what });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

function productionFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    // lib/profile/fixtures: saved pages; planted-*: tests/lint/layers.test.ts's short-lived files.
    if (entry.isDirectory()) return entry.name === 'fixtures' || entry.name.startsWith('planted-') ? [] : productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function scanTree(): Finding[] {
  const files = [...['lib', 'components', 'entrypoints', 'hooks'].flatMap(productionFiles), 'wxt.config.ts'];
  return files.filter((file) => file !== SITE_MODULE).flatMap((file) => siteRuleFindings(file, readFileSync(join(root, file), 'utf8')));
}

const allowed = (f: Finding) => ALLOWED.some((a) => a.file === f.file && a.literal === f.literal);

describe('one site table (lib/profile/sites.ts)', () => {
  const findings = scanTree();

  it('no production file but the site module spells a handle pattern or an X/LinkedIn host', () => {
    const stray = findings.filter((f) => !allowed(f)).map((f) => `${f.file}:${f.line}: ${f.what} ${f.literal}`);
    expect(stray).toEqual([]);
  });

  it('every allowed literal is still there (a stale entry would hide a new one)', () => {
    const stale = ALLOWED.filter((a) => !findings.some((f) => f.file === a.file && f.literal === a.literal)).map(
      (a) => `${a.file}: ${a.literal}`,
    );
    expect(stale).toEqual([]);
  });

  it('the site module itself holds what the others import', () => {
    const own = siteRuleFindings(SITE_MODULE, readFileSync(join(root, SITE_MODULE), 'utf8')).map((f) => f.what);
    expect(own).toContain('X handle pattern');
    expect(own).toContain('X/LinkedIn host');
  });

  it.each([
    ['a new handle regex', 'export const ok = (h: string) => /^[A-Za-z0-9_]{1,15}$/.test(h);'],
    ['\\w with a length', 'export const ok = (h: string) => /^@?\\w{4,15}$/.test(h);'],
    ['a class in another order', 'export const H = /[a-zA-Z\\d_]+/;'],
    ['a handle rule built from a string', "export const H = new RegExp('^[A-Za-z0-9_]{1,30}$');"],
    ['a host compared as a string', "export const onX = (host: string) => host === 'x.com' || host.endsWith('.twitter.com');"],
    ['a host regex', 'export const onLinkedIn = (host: string) => /(?:^|\\.)linkedin\\.com$/i.test(host);'],
    ['a host regex naming the site apart from .com', 'export const onX = /^(?:x|twitter)\\.com$/;'],
    ['a host regex built from a string', "export const onX = new RegExp('(?:x)\\\\.com$');"],
    ['a profile link built by hand', 'export const link = (h: string) => `https://x.com/${h}`;'],
    ['a LinkedIn link in JSX', 'export const A = () => <a href="https://www.linkedin.com/in/ada">Ada</a>;'],
  ])('catches %s', (_, code) => {
    expect(siteRuleFindings('planted.tsx', code)).not.toEqual([]);
  });

  it.each([
    ['placeholders in a template', "export const fill = (t: string) => t.replace(/\\{(\\w+)\\}/g, '');"],
    ['a LinkedIn slug with hyphens', 'export const SLUG = /^[A-Za-z0-9_-]{2,100}$/;'],
    ['a comment that names a host', '// x.com/jack and https://www.linkedin.com/in/ada, as pasted\nexport const a = 1;'],
    ['another .com', "export const home = 'https://example.com/x';"],
    ['Telegram', "export const tg = 't.me';"],
  ])('leaves %s alone', (_, code) => {
    expect(siteRuleFindings('planted.ts', code)).toEqual([]);
  });
});
