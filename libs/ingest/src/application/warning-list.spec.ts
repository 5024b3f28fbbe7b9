import { MAX_REPORT_CHARS, reportText, WarningList } from './warning-list.js';

describe('reportText', () => {
  it('removes NUL and caps the length', () => {
    expect(reportText('a\u0000b')).toBe('ab');
    expect(reportText('x'.repeat(MAX_REPORT_CHARS))).toBe('x'.repeat(MAX_REPORT_CHARS));
    expect(reportText('x'.repeat(MAX_REPORT_CHARS + 1))).toBe(`${'x'.repeat(MAX_REPORT_CHARS)}…`);
  });

  it('replaces a lone surrogate, and the half of a surrogate pair the cap cuts off, with U+FFFD', () => {
    expect(reportText('a\ud800b')).toBe('a\ufffdb');
    expect(reportText(`${'x'.repeat(MAX_REPORT_CHARS - 1)}😀`)).toBe(`${'x'.repeat(MAX_REPORT_CHARS - 1)}\ufffd…`);
  });

  it('is applied to every warning', () => {
    const list = new WarningList();
    list.add('bad \u0000 value');
    expect(list.list()).toEqual(['bad  value']);
  });
});
