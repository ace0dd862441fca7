import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { README_SCREENSHOTS, README_SCREENSHOTS_DIR } from '../../tools/screenshots/readme-screenshots';

// The README's images are files in this repository (docs/screenshots, copied from the e2e gallery by
// `npm run screenshots:readme`): each must exist, be a PNG small enough for a README, and say what it shows.

const README = readFileSync('README.md', 'utf8');

/** Local images the README shows, as `<img src alt>` or `![alt](src)`. */
function readmeImages(markdown: string): Array<{ src: string; alt: string }> {
  const html = [...markdown.matchAll(/<img\b[^>]*>/g)].map(([tag]) => ({
    src: /\bsrc="([^"]*)"/.exec(tag)?.[1] ?? '',
    alt: /\balt="([^"]*)"/.exec(tag)?.[1] ?? '',
  }));
  const md = [...markdown.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map(([, alt, src]) => ({ src: src!, alt: alt! }));
  return [...html, ...md].filter(({ src }) => !/^https?:/.test(src));
}

describe('README images', () => {
  const images = readmeImages(README);

  it('shows the screenshots the copy script chooses, in its order', () => {
    expect(images.map((i) => i.src)).toEqual(README_SCREENSHOTS.map((name) => `${README_SCREENSHOTS_DIR}/${name}.png`));
  });

  it.each(images)('$src exists, is a PNG under 100 KB at the panel width, and has alt text', ({ src, alt }) => {
    const file = path.resolve(src);
    expect(existsSync(file), `${src} is missing: run the e2e suite, then npm run screenshots:readme`).toBe(true);
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(statSync(file).size).toBeLessThan(100 * 1024);
    expect(png.readUInt32BE(16), 'width (IHDR)').toBe(320);
    expect(alt.length).toBeGreaterThan(20);
  });

  it('finds both image syntaxes (a check that cannot fail is no check)', () => {
    expect(readmeImages('<img src="a.png" alt="x"> ![y](b/c.png) ![z](https://example.com/d.png)')).toEqual([
      { src: 'a.png', alt: 'x' },
      { src: 'b/c.png', alt: 'y' },
    ]);
  });
});
