import { describe, expect, it } from 'vitest';
import { applyEditsToFiles } from './apply-edits';
import { parseOutput } from './parse';
import { EDIT_INSTRUCTIONS, formatEditBlocks, formatFileBlock, WHOLE_FILES_INSTRUCTIONS } from './protocol';

describe('protocol', () => {
  it('the examples in the instructions parse as the instructions say', () => {
    const files = parseOutput(WHOLE_FILES_INSTRUCTIONS).files.map((f) => f.path);
    expect(files).toEqual(['index.html', 'style.css', 'script.js']);
    const edits = parseOutput(EDIT_INSTRUCTIONS).edits;
    expect(edits).toEqual([{ path: 'index.html', search: '    <h1>Old title</h1>\n', replace: '    <h1>New title</h1>\n' }]);
    expect(applyEditsToFiles({ 'index.html': '<body>\n    <h1>Old title</h1>\n</body>\n' }, edits).files['index.html']).toBe(
      '<body>\n    <h1>New title</h1>\n</body>\n',
    );
  });

  it('formats blocks the parser reads back', () => {
    expect(formatFileBlock('style.css', 'a{}')).toBe('```css style.css\na{}\n```\n');
    expect(formatEditBlocks('script.js', [{ search: 'a', replace: '' }])).toBe(
      '```js script.js\n<<<<<<< SEARCH\na\n=======\n>>>>>>> REPLACE\n```\n',
    );
    expect(parseOutput(formatFileBlock('about.html', '<p>x</p>\n')).files).toEqual([
      { path: 'about.html', content: '<p>x</p>\n', truncated: false },
    ]);
  });
});
