/**
 * Build of the published package (`npm run build`, run by `prepack`): ESM (`dist/index.js`) and
 * CJS (`dist/index.cjs`) bundles of src/index.ts with their declarations (`.d.ts` / `.d.cts`).
 * `ws` and `standardwebhooks` stay external (package dependencies). The bundler (tsup) is a
 * devDependency of the repository root.
 */
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  tsconfig: 'tsconfig.build.json',
  target: 'node20',
  platform: 'node',
  sourcemap: false,
  clean: true,
  outDir: 'dist',
});
