/**
 * The widget's colours. The accent is KreeChat's (#5cf6fc, SPEC §9); it is light, so everything on it is dark, and
 * it never carries text on white. theme.test.ts checks every text pair for WCAG AA (4.5:1) and every control
 * edge and focus ring for 3:1 against what surrounds it.
 */
export const THEME = {
  accent: '#5cf6fc',
  /** Text and icons on the accent. */
  onAccent: '#06282e',
  /** Body text on the panel and on agent bubbles. */
  ink: '#15232b',
  /** Secondary text: times, system lines, hints. */
  muted: '#4b5d67',
  surface: '#ffffff',
  /** Agent bubbles and the guest form's background. */
  bubble: '#edf2f4',
  /** Edges of inputs and outlined buttons (WCAG 1.4.11: 3:1 against the surface). */
  edge: '#6b7d87',
  /** The focus ring: dark, so it shows on white, on the accent and on the site behind the launcher. */
  ring: '#06282e',
  error: '#b3261e',
} as const;

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
