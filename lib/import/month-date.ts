/** Dates the upstream files write with an English month abbreviation (`01 Jan 17`, `Sat, 18 Feb 2023`). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar date from its parts: (`1`, `Jan`, `2017`) → `2017-01-01`.
 * @param day day of the month, one or two digits; `month` an abbreviation spelt `Jan`…`Dec`
 *   (case-sensitive); `year` four digits
 * @returns the ISO 8601 date, or null when `month` is not one of the twelve abbreviations
 */
export function isoDateFromParts(day: string, month: string, year: string): string | null {
  const i = MONTHS.indexOf(month);
  if (i < 0) return null;
  return `${year}-${String(i + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}
