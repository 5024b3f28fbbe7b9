import { describe, expect, it } from '@jest/globals';
import { csvCell, csvFileName, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain text as it is', () => {
    expect(csvCell('DOMAIN ADMINS@PHANTOM.CORP')).toBe('DOMAIN ADMINS@PHANTOM.CORP');
    expect(csvCell('')).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('quotes cells with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });

  it('neutralises spreadsheet formulas with a leading quote', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
  });

  it('does not touch those characters elsewhere in the cell', () => {
    expect(csvCell('USER@DOMAIN=1')).toBe('USER@DOMAIN=1');
    expect(csvCell('S-1-5-21')).toBe('S-1-5-21');
  });
});

describe('toCsv', () => {
  it('writes rows with CRLF line ends', () => {
    expect(toCsv([['name', 'kind'], ['BOB@X', 'User'], ['a,b', '=1']])).toBe('name,kind\r\nBOB@X,User\r\n"a,b",\'=1\r\n');
  });
});

describe('csvFileName', () => {
  it('keeps only safe characters', () => {
    expect(csvFileName('DOMAIN ADMINS@PHANTOM.CORP', 'Members')).toBe('DOMAIN_ADMINS_PHANTOM.CORP-Members.csv');
    expect(csvFileName('../../etc/passwd')).toBe('etc_passwd.csv');
    expect(csvFileName('')).toBe('export.csv');
  });
});
