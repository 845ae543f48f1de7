/** Tailwind CSS 4 through PostCSS (Next.js builds with it). */
export default { plugins: { '@tailwindcss/postcss': {} } };
