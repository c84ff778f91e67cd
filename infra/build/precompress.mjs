// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of a front-end build, so
// the gateway can send the smallest one a browser accepts without compressing on each request.
// Small on purpose: `compression-webpack-plugin` wants webpack itself as a peer dependency, which
// would install a second bundler beside Rspack for a few lines of zlib.
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads; source maps only open in developer tools, so they stay as they are. */
const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this, compression saves less than the extra request headers cost. */
const MIN_BYTES = 1024;

export class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      // After minifying and the final content hashes: the copies must be of the files as written.
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async () => {
          const work = compilation.getAssets().map(async ({ name, source }) => {
            if (!TEXT_ASSET.test(name)) return;
            const buffer = source.buffer();
            if (buffer.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(buffer, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
                },
              }),
              gzipAsync(buffer, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
          });
          await Promise.all(work);
        },
      );
    });
  }
}
