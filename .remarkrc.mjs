// The Markdown link check of `npm test` ("Markdown links" in infra/local/test.ts): every relative
// link and heading anchor in the repository's Markdown must resolve, so a page moved or a heading
// renamed cannot leave a reader at a dead end. It only reads: the check runs remark with
// `--no-stdout`, and nothing here formats Markdown (Prettier does that).
import remarkValidateLinks from 'remark-validate-links';

export default {
  plugins: [
    [
      remarkValidateLinks,
      {
        // Offline and without a Git remote: links are checked against the files in this folder only.
        // With a repository URL (read from `git remote` or package.json) the plugin would also read
        // full github.com links as links into this repository; none are needed, and a checkout
        // without a remote (a CI workspace, an archive) must give the same answer.
        repository: false,
        root: import.meta.dirname,
      },
    ],
  ],
};
