// chat/markdown.js: Markdown drawn as DOM, where nothing in the source can become markup or script.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { renderMarkdown, inline } = await pageModule('chat/markdown.js');

function draw(source) {
  const div = container();
  div.append(renderMarkdown(source));
  return div;
}

test('blocks: headings start at h3, lists, fenced code with its language, quotes and rules', () => {
  const div = draw('# Plan\n\nFirst line\nsecond line\n\n- one\n- two\n  continued\n\n1. first\n2) second\n\n'
    + '```sql\nSELECT *\n  FROM genes\n```\n> quoted **bold**\n\n---');
  assert.deepEqual([...div.children].map(c => c.tagName), ['H3', 'P', 'UL', 'OL', 'PRE', 'BLOCKQUOTE', 'HR']);
  assert.equal(div.querySelector('h3').textContent, 'Plan');
  assert.equal(div.querySelector('p').querySelectorAll('br').length, 1, 'a line break inside a paragraph');
  assert.deepEqual([...div.querySelectorAll('ul li')].map(li => li.textContent), ['one', 'two continued']);
  assert.deepEqual([...div.querySelectorAll('ol li')].map(li => li.textContent), ['first', 'second']);
  const code = div.querySelector('pre code');
  assert.equal(code.dataset.language, 'sql');
  assert.equal(code.textContent, 'SELECT *\n  FROM genes', 'code kept verbatim, indentation too');
  assert.equal(div.querySelector('blockquote strong').textContent, 'bold');
});

test('a deep heading stops at h6; a hashtag is a paragraph, not a heading', () => {
  const div = draw('##### five\n\n#hashtag');
  assert.equal(div.children[0].tagName, 'H6');
  assert.equal(div.children[1].tagName, 'P');
  assert.equal(div.children[1].textContent, '#hashtag');
});

test('inline spans: code, bold, italic, links and bare addresses without their trailing full stop', () => {
  const div = container();
  div.append(inline('Use `GenesByText` for **kinase** *genes*, see [PlasmoDB](https://plasmodb.org) or https://toxodb.org/a_b.'));
  assert.equal(div.querySelector('code').textContent, 'GenesByText');
  assert.equal(div.querySelector('strong').textContent, 'kinase');
  assert.equal(div.querySelector('em').textContent, 'genes');
  const links = [...div.querySelectorAll('a')];
  assert.deepEqual(links.map(a => a.getAttribute('href')), ['https://plasmodb.org', 'https://toxodb.org/a_b']);
  assert.ok(links.every(a => a.rel === 'noopener noreferrer' && a.target === '_blank'));
  assert.ok(div.textContent.endsWith('https://toxodb.org/a_b.'), 'the full stop stays as text');
});

test('markup and script in a message stay text', () => {
  const source = '<img src=x onerror="alert(1)"> and <script>alert(2)</script>\n\n**<b>bold</b>**';
  const div = draw(source);
  assert.equal(div.querySelector('img'), null);
  assert.equal(div.querySelector('script'), null);
  assert.equal(div.querySelector('b'), null);
  assert.ok(div.textContent.includes('<script>alert(2)</script>'));
  assert.equal(div.querySelector('strong').textContent, '<b>bold</b>');
});

test('only http, https and mailto become links', () => {
  const div = container();
  div.append(inline('[click](javascript:alert(1)) [data](data:text/html,x) [mail](mailto:a@b.org)'));
  assert.deepEqual([...div.querySelectorAll('a')].map(a => a.getAttribute('href')), ['mailto:a@b.org']);
  assert.ok(div.textContent.includes('[click](javascript:alert(1))'), div.textContent);
});

test('an empty or missing source draws nothing; Windows line ends read as lines', () => {
  assert.equal(draw('').children.length, 0);
  assert.equal(draw(undefined).children.length, 0);
  const div = draw('- a\r\n- b\r\n');
  assert.deepEqual([...div.querySelectorAll('li')].map(li => li.textContent), ['a', 'b']);
});
