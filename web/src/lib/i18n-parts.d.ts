// A part of a locale file (src/locales/parts.ts), as vite.config.ts serves it.
declare module '*.json?texts=public' {
  const texts: Record<string, unknown>;
  export default texts;
}
