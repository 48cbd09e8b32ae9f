// `gramlog --version`: the version of package.json, and which copy answers:
// a clone (run from its folder, or linked with `npm link`), with the commit
// its HEAD is at, or an installed package, with the commit it was built from
// (dist/build-info.json, written by npm run build:cli) when known. Read
// without starting git.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');

function read(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The commit HEAD names in the git directory of a clone or worktree (`.git` a folder, or a file `gitdir: DIR`). */
function headCommit(dotGit) {
  let gitDir = dotGit;
  if (fs.statSync(dotGit).isFile()) {
    const m = /^gitdir:\s*(.+)$/m.exec(read(dotGit) ?? '');
    if (!m) return undefined;
    gitDir = path.resolve(root, m[1]);
  }
  const common = path.resolve(gitDir, read(path.join(gitDir, 'commondir')) ?? '.');
  const head = read(path.join(gitDir, 'HEAD')) ?? '';
  const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
  if (!ref) return /^[0-9a-f]{40}$/.test(head) ? head : undefined;
  const direct = read(path.join(gitDir, ref)) ?? read(path.join(common, ref));
  if (direct) return direct;
  const packed = (read(path.join(common, 'packed-refs')) ?? '').split('\n').find((l) => l.endsWith(` ${ref}`));
  return packed?.slice(0, 40);
}

function short(commit) {
  return commit && /^[0-9a-f]{40}$/.test(commit) ? commit.slice(0, 12) : undefined;
}

function versionLine() {
  const version = require('../package.json').version;
  const dotGit = path.join(root, '.git');
  if (fs.existsSync(dotGit)) {
    let commit;
    try {
      commit = short(headCommit(dotGit));
    } catch {
      commit = undefined;
    }
    return `gramlog ${version} (clone at ${root}${commit ? `, commit ${commit}` : ''})`;
  }
  let built;
  try {
    built = short(JSON.parse(read(path.join(root, 'dist', 'build-info.json')) ?? '{}').commit);
  } catch {
    built = undefined;
  }
  return `gramlog ${version} (installed at ${root}${built ? `, built from commit ${built}` : ''})`;
}

module.exports = { versionLine };
