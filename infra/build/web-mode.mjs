// The mode a web build is made in, printed for Nx's cache key (a `runtime` input of each web
// app's build): `web.rspack.mjs` makes a development build when NODE_ENV is `development` and a
// production build otherwise. Without it a development build (`npm start` with
// NODE_ENV=development) was kept under the production build's key, and the next production build
// restored it: its eval-based modules are refused by the app's Content Security Policy.
process.stdout.write(process.env.NODE_ENV === 'development' ? 'development' : 'production');
