import { describe, expect, it } from 'vitest';
import { maskCardNumber, maskName, maskPhone } from './masking.ts';

describe('maskName', () => {
  it.each([
    ['张三', '张*'],
    ['张小三', '张*三'],
    ['欧阳小明', '欧**明'],
    ['王', '*'],
    ['John Smith', 'J*** S.'],
    ['  Mary  Ann   Lee ', 'M*** L.'],
    ['Alice', 'A***'],
    ['', ''],
    [null, ''],
  ])('%s -> %s', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});

describe('maskPhone and maskCardNumber', () => {
  it.each([
    ['13812345678', '138****5678'],
    ['138-1234-5678', '138****5678'],
    ['12345', '1****'],
    ['', ''],
  ])('phone %s -> %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
  it.each([
    ['110101199001011234', '110***********1234'],
    ['11010119900101123x', '110***********123X'],
    ['G1234567', 'G12*4567'],
    ['', ''],
  ])('card %s -> %s', (card, masked) => {
    expect(maskCardNumber(card)).toBe(masked);
  });
});
