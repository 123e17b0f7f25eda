#!/usr/bin/env bash
# The entry of the `gpuleak` pre-commit hook (.pre-commit-hooks.yaml).
#
#   pre-commit-gpuleak.sh [gpuleak check options] [FILE...]
#
# pre-commit passes the hook's `args` (at least `-p BUILD_DIR`), then the
# staged files of the hook's types (C, C++, CUDA, headers included), relative
# to the repository's root. The files are handed to `gpuleak check` as a
# unified diff in which every line of each file is new, on stdin of
# `--changed-since=-`: the translation units of the compile database that
# include one of the files (found by the preprocessor, so a staged header
# selects the sources that include it) are analysed, and the findings in
# those files are reported (docs/ci.md, "pre-commit"). The exit status is
# gpuleak's: 0 clean, 1 findings, 2 an error; pre-commit fails the commit on
# any non-zero one.
#
# gpuleak is $GPULEAK_BIN, or `gpuleak` on PATH. An option's value goes in the
# same argument (`--baseline=FILE`), except for -p, -j and -o. A `--` ends
# the options: every argument after it is a file.
set -euo pipefail

gpuleak=${GPULEAK_BIN:-gpuleak}
if ! command -v "$gpuleak" > /dev/null 2>&1; then
  echo "gpuleak pre-commit hook: error: no gpuleak executable '$gpuleak'; put gpuleak on PATH or set GPULEAK_BIN" >&2
  exit 2
fi

opts=()
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    -p|-j|-o)
      if [ $# -lt 2 ]; then
        echo "gpuleak pre-commit hook: error: $1 needs a value" >&2
        exit 2
      fi
      opts+=("$1" "$2")
      shift 2 ;;
    --changed-since*|--shard*|--fix|--export-fixes*|--list-checks|--verify-config)
      echo "gpuleak pre-commit hook: error: $1 cannot be given to the hook: it checks the files pre-commit passes" >&2
      exit 2 ;;
    # Options of gpuleak check that take a value: the value must be attached
    # (pre-commit appends the staged files after the args).
    --baseline|--cache-dir|--checks|--color|--config-file|--docs-url|--exclude-header-filter|--extra-arg|--extra-arg-before|--format|--header-filter|--index|--output|--resource-dir|--source-root|--warnings-as-errors)
      echo "gpuleak pre-commit hook: error: $1 needs its value in the same argument ($1=VALUE): pre-commit passes the staged files after the hook's args" >&2
      exit 2 ;;
    # `--` in the hook's args: the end of the options, as for gpuleak check;
    # what follows (the staged files pre-commit appends) are files.
    --)
      shift
      files+=("$@")
      break ;;
    -*) opts+=("$1"); shift ;;
    *) files+=("$1"); shift ;;
  esac
done
if [ ${#files[@]} -eq 0 ]; then
  exit 0 # nothing of the hook's types is staged
fi

# Every line of each file counts as changed: `@@ -0,0 +1,N @@`. When no
# file is left (none is a regular file), there is nothing to check: gpuleak
# refuses an empty diff on stdin.
diff=""
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  n=$(( $(wc -l < "$f") + 1 ))
  diff+=$(printf -- '--- a/%s\n+++ b/%s\n@@ -0,0 +1,%d @@' "$f" "$f" "$n")$'\n'
done
[ -n "$diff" ] || exit 0
printf '%s' "$diff" | "$gpuleak" check "${opts[@]}" --changed-since=-
