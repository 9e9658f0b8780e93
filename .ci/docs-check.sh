#!/usr/bin/env bash
# Issue 36: the README's and the guides' code blocks work as written. Run by .ci/run after `swift test`
# (which compiled the generated Swift files and built identityctl and identity-server, so every build
# here is incremental):
#   1. every Swift block (but those marked `<!-- snippet: fragment (why) -->`) has its generated copy in
#      Tests/*/DocumentationSnippets/, unchanged: `swift test` compiled exactly what the documents show;
#   2. every shell command runs as written from the repository root, or is listed as skipped with the reason
#      and where CI covers it (.ci/docs_commands.py); servers run on a free loopback port and are stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
python3 .ci/docs_snippets.py swift --check
python3 .ci/docs_commands.py
echo "docs-check.sh: ok in $((SECONDS - start)) s"
