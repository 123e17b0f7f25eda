#!/bin/bash
# Lays out every labelled repository at its labelled commit under DIR/<owner>+<name>/,
# from the bare snapshots that the session tool `fetch github:<owner>/<name>` leaves in
# /work/.mirror/<owner>+<name>/repo. Usage: bench/labels/checkout.sh DIR [LABELS]
set -euo pipefail
dir=${1:?usage: checkout.sh DIR [labels.tsv]}
labels=${2:-$(dirname "$0")/labels.tsv}
mirror=${MIRROR:-/work/.mirror}
mkdir -p "$dir"
status=0
while IFS=$'\t' read -r repo commit; do
  name=${repo/\//+}
  gitdir=$mirror/$name/repo
  # Some snapshots arrive as a work tree (repo/.git) rather than a bare repository.
  if [[ -d $gitdir/.git ]]; then gitdir=$gitdir/.git; fi
  out=$dir/$name
  if [[ ! -d $gitdir ]]; then
    echo "checkout: no snapshot at $gitdir; fetch github:$repo first" >&2
    status=2
    continue
  fi
  if ! git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "checkout: $repo has no commit $commit in $gitdir" >&2
    status=2
    continue
  fi
  rm -rf "$out" && mkdir -p "$out"
  # Snapshots lack files of 4 MiB and more (images, videos); if the whole tree cannot be
  # archived, lay out the sources only.
  if ! git --git-dir="$gitdir" archive "$commit" 2>/dev/null | tar -x -C "$out" 2>/dev/null; then
    rm -rf "$out" && mkdir -p "$out"
    mapfile -t srcs < <(git --git-dir="$gitdir" ls-tree -r --name-only "$commit" |
      grep -E '\.(c|cc|cpp|cxx|cu|cuh|h|hh|hpp|hxx|inc|inl)$')
    git --git-dir="$gitdir" archive "$commit" -- "${srcs[@]}" | tar -x -C "$out"
  fi
  echo "$repo@${commit:0:12} -> $out"
done < <(tail -n +2 "$labels" | cut -f1,2 | sort -u)
exit $status
