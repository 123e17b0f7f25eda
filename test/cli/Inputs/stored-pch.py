"""stored-pch.py corrupt|foreign DIR: spoils the stored PCH (in DIR, a result
cache's pch/ folder) that a run used last (in the shared-headers fixture:
a.cpp and b.cpp's group's).

  corrupt  changes one byte in the middle of it
  foreign  puts another group's PCH of the same prefix lines in its place
           (d.cpp and e.cpp's, built with other flags) and makes its entry
           vouch for those bytes, so that only clang can tell
"""
import glob
import json
import os
import shutil
import sys

mode, folder = sys.argv[1:]
entries = sorted(glob.glob(os.path.join(folder, "*.json")), key=os.path.getmtime)
mine = entries[-1]
pch = mine[:-len(".json")] + ".pch"
if mode == "corrupt":
    data = bytearray(open(pch, "rb").read())
    data[len(data) // 2] ^= 0xFF
    open(pch, "wb").write(data)
else:
    prefix = json.load(open(mine))["prefix"]
    other = next(e for e in entries[:-1] if json.load(open(e))["prefix"] == prefix)
    shutil.copy(other[:-len(".json")] + ".pch", pch)
    entry = json.load(open(mine))
    entry["pch"] = json.load(open(other))["pch"]
    with open(mine, "w") as f:
        json.dump(entry, f)
