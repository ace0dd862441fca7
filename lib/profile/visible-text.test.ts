import { describe, expect, it } from 'vitest';
import { installHappyDom } from '@/tests/support/install-happy-dom';
import { visibleText } from './clean-text';

await installHappyDom();

describe('visibleText', () => {
  it.each([
    ['<span>Hayden Adams </span><img alt="🦄"><img src="x.png">', 'Hayden Adams 🦄'],
    ['<span>Name</span><svg aria-label="Verified account"><title>Verified</title></svg>', 'Name'],
    ['<span aria-hidden="true">CEO</span><span class="visually-hidden">CEO</span>', 'CEO'],
    ['<script>var a = 1</script><style>p{}</style>Text', 'Text'],
    ['', ''],
  ])('%s → %j', (html, expected) => {
    const div = document.createElement('div');
    div.innerHTML = html;
    expect(visibleText(div)).toBe(expected);
  });
});
