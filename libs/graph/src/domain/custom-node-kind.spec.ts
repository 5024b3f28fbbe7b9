import { describe, expect, it } from '@jest/globals';
import { configViolation, newKindViolation, withDefaultColor } from './custom-node-kind.js';

const icon = (fields: Partial<{ type: string; name: string; color: string }> = {}) =>
  ({ icon: { type: 'font-awesome', name: 'user', color: '#FFFFFF', ...fields } });

describe('custom node kind rules', () => {
  it('accepts a Font Awesome icon with a 3- or 6-digit colour, or none', () => {
    for (const color of ['#fff', '#A1b2C3', '']) expect(configViolation(icon({ color }))).toBeNull();
  });

  it('refuses any icon type but font-awesome, before looking at the colour', () => {
    expect(configViolation(icon({ type: '' }))).toBe('iconType');
    expect(configViolation(icon({ type: 'Font-Awesome', color: 'red' }))).toBe('iconType');
  });

  it('refuses colours that are not # and 3 or 6 hex digits', () => {
    for (const color of ['fff', '#ffff', '#gggggg', '#ffffff ', 'red', '#1234567']) {
      expect(configViolation(icon({ color }))).toBe('iconColor');
    }
  });

  it('refuses NUL in the icon name', () => {
    expect(configViolation(icon({ name: 'us\u0000er' }))).toBe('iconNameNul');
  });

  it('refuses an empty kind name first, then a long one or one with NUL, then the configuration', () => {
    expect(newKindViolation('', icon({ type: 'x' }))).toBe('emptyName');
    expect(newKindViolation('K'.repeat(257), icon())).toBe('nameTooLong');
    expect(newKindViolation('K'.repeat(256), icon())).toBeNull();
    expect(newKindViolation('A\u0000', icon())).toBe('nameNul');
    expect(newKindViolation('Kind', icon({ type: 'x' }))).toBe('iconType');
  });

  it('stores an empty colour as white and keeps any other', () => {
    expect(withDefaultColor(icon({ color: '' })).icon.color).toBe('#FFFFFF');
    expect(withDefaultColor(icon({ color: '#abc' })).icon.color).toBe('#abc');
  });
});
