/**
 * IMO ship identification numbers: 7 digits, the last a check digit. Each of the first six digits is
 * weighted 7, 6, 5, 4, 3, 2 from the left; the sum's last digit is the check digit (IMO Resolution A.1117).
 */
export function imoCheckDigit(first6: string): number {
  if (!/^[0-9]{6}$/.test(first6)) throw new RangeError(`expected 6 digits, got '${first6}'`);
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += Number(first6.charAt(i)) * (7 - i);
  return sum % 10;
}

export function isValidImo(imo: string): boolean {
  return /^[0-9]{7}$/.test(imo) && imoCheckDigit(imo.slice(0, 6)) === Number(imo.charAt(6));
}

/** A valid IMO number from six leading digits (the first must not be 0: IMO numbers have 7 digits). */
export function makeImo(first6: number): string {
  const digits = String(first6).padStart(6, '0');
  return `${digits}${imoCheckDigit(digits)}`;
}
