// The Nodes Kade runs on, as `engines` in every package.json says (server/test/node-version.test.ts keeps them the
// same): Node 24 (LTS), Node 22 from 22.19, and 26 on. `npm start` and `npm test` stop at once on another one, with
// the command that fetches Node 24, rather than fail later in a dependency that needs a newer Node.
export function isSupportedNode(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 19) || major === 24 || major >= 26;
}

export function requireSupportedNode(command) {
  if (isSupportedNode(process.version)) return;
  console.error(
    `${command} needs Node 24 (or 22.19 and later); this is Node ${process.version}.\n` +
      'Fetch Node 24 into ~/.cache/kade-node and use it in this shell, then run it again:\n' +
      '  export PATH="$(scripts/use-node24.sh):$PATH"',
  );
  process.exit(1);
}
