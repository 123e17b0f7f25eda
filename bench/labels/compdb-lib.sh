# Shared by the *-set-compdb.sh scripts (sourced, not run). The caller sets `dir` (the
# checkout folder), `name` (its own name, for messages) and, optionally, `print_db=1` to
# print each database's path. Defines the flag arrays stubs, opencv and qt, and:
#   db TREE FLAGS...   writes TREE/build/compile_commands.json with scripts/make-compdb.py,
#                      the stub folders under bench/labels/stubs added last, as the scorer does
#   keep TREE REGEX    keeps the database entries whose path (relative to the tree) matches
#                      REGEX, for trees that hold several separate programs: the database then
#                      holds the programs of the labelled files, as their own CMake files build
#                      them, so that facts about "the whole project" come from that program
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
stubs=()
for d in "$here"/stubs/*/; do stubs+=(-isystem "${d%/}"); done
opencv=(-isystem /usr/include/opencv4)
qt=(-fPIC -isystem /usr/include/x86_64-linux-gnu/qt5)
for m in QtCore QtGui QtWidgets; do qt+=(-isystem "/usr/include/x86_64-linux-gnu/qt5/$m"); done

keep() {
  python3 - "$dir/$1" "$2" <<'PY'
import json, os, re, sys
tree, rx = sys.argv[1], re.compile(sys.argv[2])
path = os.path.join(tree, "build", "compile_commands.json")
entries = json.load(open(path))
kept = [e for e in entries if rx.search(os.path.relpath(e["file"], tree))]
json.dump(kept, open(path, "w"), indent=1)
print("%s: kept %d of %d entries" % (path, len(kept), len(entries)))
PY
}

db() {  # db TREE FLAGS...
  local tree=$dir/$1
  shift
  if [[ ! -d $tree ]]; then
    echo "$name: no tree $tree (run checkout.sh first)" >&2
    return 2
  fi
  python3 "$root/scripts/make-compdb.py" "$tree" "$tree/build" "$@" "${stubs[@]}" >/dev/null
  if [[ ${print_db:-} == 1 ]]; then echo "$tree/build/compile_commands.json"; fi
}
