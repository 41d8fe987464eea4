// Stops early, with a clear message, on a Node.js older than the project supports.
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `samvad: Node.js ${process.versions.node} is too old; install Node.js 24 or newer (see README).`,
  );
  process.exit(1);
}
