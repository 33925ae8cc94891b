/**
 * Orders text by its code points, for values written to sort as text (dates and wall-clock times, `YYYY-MM-DD
 * HH:mm:ss`). A locale's collation (`localeCompare`) gives them the same order, but its first use on a page loads
 * ICU's data (40 to 100 ms of main thread; over 300 ms on Lighthouse's simulated phone), and the organiser's lists
 * and the event form sort dates on their first render. Titles and names still sort with `localeCompare`.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
