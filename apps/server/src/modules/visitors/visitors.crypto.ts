import { createHmac } from 'node:crypto';
import { maskCardNumber, maskPhone } from '@yuyue/shared';
import { encrypt, type VisitorKeys } from '../../platform/data-key.ts';

/* Visitors' numbers sealed with the deployment's data keys (platform/data-key.ts). */

/** The canonical form of a phone number before hashing: digits only, a leading +86 dropped. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.replace(/^\+?86(?=1\d{10}$)/, '').replace(/^\+/, '');
}

/** The canonical form of an ID card number: no spaces, upper case (the check letter X). */
export function normaliseCardNumber(card: string): string {
  return card.replace(/\s/g, '').toUpperCase();
}

/** The keyed lookup hash of a normalised value in a tenant (hex); empty stays empty. */
export function lookupHash(keys: VisitorKeys, tenantId: string, kind: 'phone' | 'card', value: string): string {
  if (!value) return '';
  return createHmac('sha256', keys.lookup).update(`${tenantId}\u0000${kind}\u0000${value}`).digest('hex');
}

/** The three stored columns of a phone number: `phone_enc`, `phone_hash`, `phone_mask`. */
export function sealPhone(keys: VisitorKeys, tenantId: string, phone: string) {
  const value = normalisePhone(phone);
  return {
    phone_enc: encrypt(keys, tenantId, value),
    phone_hash: lookupHash(keys, tenantId, 'phone', value),
    phone_mask: maskPhone(value),
  };
}

/** The three stored columns of an ID card number: `card_number_enc`, `card_number_hash`, `card_number_mask`. */
export function sealCardNumber(keys: VisitorKeys, tenantId: string, card: string) {
  const value = normaliseCardNumber(card);
  return {
    card_number_enc: encrypt(keys, tenantId, value),
    card_number_hash: lookupHash(keys, tenantId, 'card', value),
    card_number_mask: maskCardNumber(value),
  };
}

/**
 * The directory account a visitor signs in as: not the phone itself (accounts are stored in
 * plain text) but a keyed hash of it. The sign-in page takes the phone and finds the account
 * through this (modules/identity.ts).
 */
export function visitorAccountOf(keys: VisitorKeys, tenantId: string, phone: string): string {
  return `visitor:${lookupHash(keys, tenantId, 'phone', normalisePhone(phone)).slice(0, 32)}`;
}
