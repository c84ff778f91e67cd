// Builds a NestJS service into one CommonJS bundle per entry. Workspace libraries (@caliber/*)
// are compiled in; packages from node_modules stay external and load at run time.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** @param {{ projectRoot: string, entries: Record<string, string> }} options */
export function serviceConfig({ projectRoot, entries }) {
  return {
    mode: 'production',
    target: 'node20',
    context: projectRoot,
    entry: Object.fromEntries(
      Object.entries(entries).map(([name, file]) => [name, resolve(projectRoot, file)]),
    ),
    output: {
      path: resolve(projectRoot, 'dist'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    devtool: 'source-map',
    optimization: { minimize: false, nodeEnv: false },
    resolve: {
      extensions: ['.ts', '.js', '.json'],
      tsConfig: resolve(workspaceRoot, 'tsconfig.base.json'),
    },
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) => {
        if (
          !request ||
          request.startsWith('.') ||
          request.startsWith('/') ||
          request.startsWith('@caliber/')
        ) {
          return callback();
        }
        return callback(undefined, `commonjs ${request}`);
      },
    ],
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', decorators: true },
              transform: { legacyDecorator: true, decoratorMetadata: true },
              keepClassNames: true,
            },
          },
        },
      ],
    },
    node: { __dirname: false, __filename: false },
    stats: 'errors-warnings',
  };
}
