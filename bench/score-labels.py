#!/usr/bin/env python3
"""Scores gpuleak against the hand-labelled lines of public code in bench/labels/.

Usage: bench/score-labels.py --gpuleak BUILD/bin/gpuleak --sources DIR
                             [--labels bench/labels/labels.tsv] [--findings-dir OUT]

DIR holds one work tree per labelled repository, DIR/<owner>+<name>/, at the labelled
commit (bench/labels/checkout.sh DIR lays them out). For each repository the script
uses the tree's compile_commands.json if it has one, else writes one with
scripts/make-compdb.py, runs `gpuleak check --format=json` on the labelled files (a
labelled header is analysed through every translation unit that includes it, directly or,
when none does, through the tree's other headers), and scores:

  flag label    found   when a finding of the label's check covers its line
                        (line <= L <= end_line), missed otherwise;
  noflag label  false positive when such a finding exists.

It prints recall and false positives per check and in total, every miss and false
positive with the label's reason, the findings of the labelled files that no label
covers (to be judged by hand), and the files gpuleak could not parse.
Exit status: 0 after a report, 2 (one line on stderr) when the inputs are bad.
"""
import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKE_COMPDB = os.path.join(ROOT, "scripts", "make-compdb.py")
HEADER = ["repository", "commit", "path", "line", "check", "verdict", "kind", "reason"]
TU_EXTS = (".cpp", ".cc", ".cxx", ".cu")
# Minimal stub headers for the third-party libraries that the labelled files include
# but that are not installed here (bench/labels/stubs/<lib>/...). Every folder under
# STUBS is passed to every command with -isystem, after the tree's own -I folders, so
# a header that a tree bundles itself still wins. The LibTorch and CUDA headers are real.
STUBS = os.path.join(ROOT, "bench", "labels", "stubs")
# Python's headers, for trees whose headers include torch/extension.h (it needs Python.h).
PYTHON_INCLUDE = sysconfig.get_paths()["include"]
OPENCV4 = ["-isystem", "/usr/include/opencv4"]
QT5 = ["-isystem", "/usr/include/x86_64-linux-gnu/qt5"] + [
    x for m in ("QtCore", "QtGui", "QtWidgets", "QtCharts")
    for x in ("-isystem", "/usr/include/x86_64-linux-gnu/qt5/" + m)]
# Flags a repository needs beyond make-compdb.py's defaults and the stubs: C++20 library
# features, the folders of its public headers, the macros its build defines. "{tree}"
# is replaced by the work tree, "{out}" by the findings folder.
EXTRA_FLAGS = {
    "Gatsby23+nerf-libtorch": ["-std=c++20"],
    "brccabral+Cpp_Raylib_Libtorch_SnakeAI": ["-std=c++20"],
    # CMake: target_include_directories(... source/llama/public)
    "P1ayer-1+Llama-LibTorch": ["-I{tree}/source/llama/public"],
    # CMake: include_directories(the root, Utils)
    "AidanShipperley+PPO-LibTorch": ["-I{tree}", "-I{tree}/Utils"],
    # CMake: C++20; the LibTorch backend is compiled with USE_LIBTORCH
    "anira-project+anira": ["-std=c++20", "-DUSE_LIBTORCH"],
    # Second set. CMake: target_include_directories(drla PRIVATE include/drla ... src/common)
    "benborder+drla": ["-I{tree}/include/drla", "-I{tree}/include/drla/model", "-I{tree}/src/agent",
                       "-I{tree}/src/algorithm", "-I{tree}/src/buffers", "-I{tree}/src/distributions",
                       "-I{tree}/src/model", "-I{tree}/src/common"],
    # CMake: reasoning_core's include directories (reasoning/core, gpt-sft/core)
    "laplaceliu+build-your-own-llm-using-cpp-and-libtorch": ["-I{tree}/reasoning/core",
                                                            "-I{tree}/gpt-sft/core"],
    # CMake: the frcnn and cvops libraries' folders; cvops includes torch/extension.h (Python.h)
    "thisisi3+libtorch-faster-rcnn": ["-I{tree}/frcnn", "-I{tree}/cvops", "-isystem", PYTHON_INCLUDE],
    # the model headers include torch/extension.h, which needs Python.h
    "Edamame0011+SchNet_LibTorch_CUDA": ["-isystem", PYTHON_INCLUDE],
    # Maths.h uses FLT_MIN without including <cfloat> (MSVC leniency)
    "lolmanjo+LibTorch_PPO": ["-include", "cfloat"],
    # torch/extension.h includes Python.h (setup.py builds a CUDAExtension)
    "NVIDIA+torch-harmonics": ["-isystem", "/usr/include/python3.11"],
    # setup.py/CMake: the csrc folder is the include root
    "davidgonmar+pequegrad": ["-I{tree}/csrc", "-isystem", "/usr/include/python3.11"],
    # CMake: include/ and src/, and the CUDA backend under DMLC_USE_CUDA
    "stepfun-ai+StepMesh": ["-I{tree}/include", "-I{tree}/src", "-DDMLC_USE_CUDA"],
    # TensorImpl_cuda.cu reads protected members that nvcc's build lets through;
    # without a limit, clang stops at 20 errors and nothing of the file is analysed
    "zzk2021+TinyTorch-DET-beta": ["-ferror-limit=0"],
    # cuda-class set. tkDNN's CMake: include_directories(include/tkDNN ...)
    # (its CMake builds the .cpp files with nvcc, which includes cuda_runtime.h), and
    # the cuDNN 8 RNN calls that cuDNN 9 removed (stubs/cudnn8)
    "ceccocats+tkDNN": ["-I{tree}/include/tkDNN", "-I{tree}/include", "-include", "cuda_runtime.h",
                        "-include", "cudnn8_removed.h"],
    # CMake: C++20, external/ for the perf tests
    "satidev+pmpp_cuda": ["-std=c++20", "-I{tree}/external"],
    # Fourth set. Real OpenCV 4 and Qt 5 headers from Debian (libopencv-dev, qtbase5-dev,
    # libqt5charts5-dev, libboost-log-dev; see bench/labels/README.md) where a tree needs
    # more of them than the stubs declare: they come before the stubs, so they win.
    # Both files use std::ofstream without including <fstream> (MSVC leniency)
    "AlexeyIvanov90+Siam_NN_libtorch": ["-include", "fstream"],
    "AlexeyIvanov90+ResNet_libtorch": ["-include", "fstream"],
    # CMake: target_include_directories(libtorch_main ... src_model src_dataset), OpenCV
    "JJBUP+libtorch_code": ["-I{tree}", "-I{tree}/src_model", "-I{tree}/src_dataset"] + OPENCV4,
    # nca.cpp uses C++20 abbreviated function templates ('auto' parameters)
    "austinvhuang+libtorch-experiments": ["-std=c++20"],
    "burstknight+LibtorchPractice": OPENCV4,
    # CMake: Qt5 Core, Widgets and Charts
    "lacskam+LibtorchSalesPrediction-": ["-fPIC"] + QT5,
    # Sixth set. CMake: the networks library's include/ folder
    "Ipsedo+EvoMotion": ["-I{tree}/evo_motion_networks/include", "-I{tree}/evo_motion_model/include"],
    # CMake of each sub-project: the repository root (Environment/, ...) is the include root
    # (and GCC's leniency for int -> float narrowing in a braced initializer, which the
    # CMake build with GCC accepts; gpuleak adds the same flag to GCC commands)
    "goksanisil23+OpenKitchen": ["-I{tree}", "-I{tree}/RLRacers/common", "-Wno-c++11-narrowing"] + OPENCV4,
    # includes are rooted at the repository ("LTPG/Models/...")
    "ArkarPhyo1310+libtorch_playground": ["-I{tree}"] + OPENCV4,
    # CMake: OpenCV (opencv2/highgui/highgui.hpp)
    "Wizaron+pytorch-cpp-inference": OPENCV4,
    # CMake: include_directories(${PROJECT_SOURCE_DIR}); abseil from Debian (libabsl-dev)
    "tuero+muzero-cpp": ["-I{tree}"],
    "Julymycin+Self-Correction-Human-Parsing-with-libtorch-deployment": OPENCV4,
    "tubabear+YOLOv8-LibTorch-CPP-Inference": OPENCV4,
    "krshrimali+DCGAN-CelebA-PyTorch-CPP": ["-I{tree}/include"] + OPENCV4,
    "datlt4+superpoint-lightglue-libtorch-cpp": OPENCV4,
    # CMake: C++23, OpenCV
    "zjeffer+alphazero-general-cpp": ["-std=c++2b"] + OPENCV4,
    # CMake: target_include_directories(AlphaZero PUBLIC include)
    "Georg-S+AlphaZero": ["-I{tree}/AlphaZero/include", "-I{tree}/Games/include", "-I{tree}/Main/include"],
}
ALE_PATH = "/Users/navneetmadhukumar/Downloads/Arcade-Learning-Environment-master/src"
# Line-preserving text fixes for code that clang rejects against the headers here (older
# LibTorch APIs, MSVC leniency, an include by an absolute path of the author's machine;
# gpuleak does not apply -ivfsoverlay). None touches a labelled line or what the checks
# read. The tree is copied to the findings folder and fixed there; the sources under
# --sources stay as checked out. (tree, path) -> [(old text, new text)].
SOURCE_FIXES = {
    ("navneet-nmk+Pytorch-RL-CPP", "Trainer.h"): [('"%s/ale_interface.hpp"' % ALE_PATH, "<ale_interface.hpp>")],
    ("navneet-nmk+Pytorch-RL-CPP", "Trainer.cpp"): [('"%s/ale_interface.hpp"' % ALE_PATH, "<ale_interface.hpp>"),
                                                    ("AdamOptions(0.0001).beta1(0.5)", "AdamOptions(0.0001)")],
    # MSVC accepts 'void main'
    ("P1ayer-1+Llama-LibTorch", "source/main.cpp"): [("void main(", "int main(")],
    # a debug print of a c10::optional, which older LibTorch could print
    ("P1ayer-1+Llama-LibTorch", "source/llama/private/llama_model.cpp"):
        [('<< "position_ids: " << position_ids <<', '<< "position_ids: " << *position_ids <<')],
    # a member function declared without a return type (MSVC leniency)
    ("Gatsby23+nerf-libtorch", "src/nerf/utils/math.h"): [("    Add(const T& value", "    void Add(const T& value")],
    # torch::nn::BatchNorm was removed from LibTorch; BatchNorm2d is its replacement
    # a member declared with an extra qualification (GCC -fpermissive and MSVC leniency)
    ("davidgonmar+pequegrad", "csrc/tensor.hpp"):
        [("  Tensor Tensor::_eval_assume_inputs_evaled();", "  Tensor _eval_assume_inputs_evaled();")],
    # AdamOptions::beta1 was replaced by betas() in LibTorch 1.5
    ("krshrimali+DCGAN-CelebA-PyTorch-CPP", "src/main.cpp"):
        [("torch::optim::AdamOptions(2e-4).beta1(0.5)", "torch::optim::AdamOptions(2e-4)")],
    ("weixu000+libtorch-yolov3-deepsort", "detection/src/Darknet.cpp"):
        [("torch::nn::BatchNorm bn = torch::nn::BatchNorm(", "torch::nn::BatchNorm2d bn = torch::nn::BatchNorm2d(")],
}


def fixed_tree(name, tree, out):
    """The tree itself, or a copy of it in OUT with SOURCE_FIXES applied."""
    fixes = {path: subs for (n, path), subs in SOURCE_FIXES.items() if n == name}
    if not fixes:
        return tree
    copy = os.path.join(out, name + ".src")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(tree, copy, symlinks=True)
    for path, subs in fixes.items():
        full = os.path.join(copy, path)
        with open(full, errors="surrogateescape") as fh:
            text = fh.read()
        for old, new in subs:
            if old not in text:
                fail("%s %s: the source fix does not apply: %s" % (name, path, old))
            text = text.replace(old, new)
        with open(full, "w", errors="surrogateescape") as fh:
            fh.write(text)
    return os.path.realpath(copy)


def stub_flags():
    flags = []
    if os.path.isdir(STUBS):
        for d in sorted(os.listdir(STUBS)):
            if os.path.isdir(os.path.join(STUBS, d)):
                flags += ["-isystem", os.path.join(STUBS, d)]
    return flags


def fail(msg):
    print("score-labels: error: " + msg, file=sys.stderr)
    sys.exit(2)


def read_labels(path):
    try:
        with open(path, newline="") as fh:
            rows = list(csv.reader(fh, delimiter="\t"))
    except OSError as e:
        fail("cannot read labels: %s" % e)
    if not rows or rows[0] != HEADER:
        fail("%s: the header must be: %s" % (path, "\\t".join(HEADER)))
    labels = []
    for n, row in enumerate(rows[1:], start=2):
        if len(row) != len(HEADER):
            fail("%s:%d: expected %d tab-separated fields, got %d" % (path, n, len(HEADER), len(row)))
        lab = dict(zip(HEADER, row))
        if not lab["line"].isdigit() or lab["verdict"] not in ("flag", "noflag") \
                or not lab["check"].startswith("gpuleak-"):
            fail("%s:%d: bad line, check or verdict" % (path, n))
        lab["line"] = int(lab["line"])
        lab["tree"] = lab["repository"].replace("/", "+")
        labels.append(lab)
    return labels


def compdb_dir(tree, name, out):
    for d in (tree, os.path.join(tree, "build")):
        if os.path.isfile(os.path.join(d, "compile_commands.json")):
            return d
    db = os.path.join(out, name + ".compdb")
    extra = [f.replace("{tree}", tree).replace("{out}", os.path.abspath(out))
             for f in EXTRA_FLAGS.get(name, [])]
    cmd = [sys.executable, MAKE_COMPDB, tree, db] + extra + stub_flags()
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        fail("make-compdb.py failed for %s: %s" % (name, (r.stderr or r.stdout).strip()))
    return db


def db_files(db):
    with open(os.path.join(db, "compile_commands.json")) as fh:
        entries = json.load(fh)
    files = []
    for e in entries:
        f = e["file"] if os.path.isabs(e["file"]) else os.path.join(e["directory"], e["file"])
        files.append(os.path.realpath(f))
    return sorted(set(files))


HEADER_EXTS = (".h", ".hh", ".hpp", ".hxx", ".cuh", ".inl", ".ipp", ".tpp")


def including(name, files, text):
    pat = re.compile(r'#\s*include\s*[<"]([^>"]*\b%s)[>"]' % re.escape(name))
    return [f for f in files if pat.search(text(f))]


def includers(header, tus, tree):
    """The translation units of the database that #include the header by name. A header's
    templates are instantiated only in the units that use them (Segmentor<Model>::Train in
    one test, ::Predict in another), so the header is analysed through all of them, as a
    run over the whole database would. When no unit includes it directly, the units that
    reach it through other headers of the tree (by name, up to 6 levels) are used."""
    cache = {}

    def text(f):
        if f not in cache:
            try:
                with open(f, errors="replace") as fh:
                    cache[f] = fh.read()
            except OSError:
                cache[f] = ""
        return cache[f]

    found = including(os.path.basename(header), tus, text)
    if found:
        return found
    headers = []
    for root, dirs, names in os.walk(tree):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        headers += [os.path.join(root, n) for n in names if n.endswith(HEADER_EXTS)]
    frontier, seen, found = [header], {header}, set()
    for _ in range(6):
        nxt = []
        for h in frontier:
            found.update(including(os.path.basename(h), tus, text))
            for g in including(os.path.basename(h), headers, text):
                if g not in seen:
                    seen.add(g)
                    nxt.append(g)
        if found or not nxt:
            break
        frontier = nxt
    return sorted(found)


def run_gpuleak(gpuleak, db, files, output, jobs=None):
    cmd = [gpuleak, "check", "-p", db, "--format=json", "--output=" + output]
    if jobs:
        cmd += ["-j", str(jobs)]
    cmd += files
    r = subprocess.run(cmd, capture_output=True, text=True)
    if not os.path.isfile(output):
        fail("gpuleak wrote no report (exit %d): %s" % (r.returncode, r.stderr.strip()[-500:]))
    with open(output) as fh:
        try:
            return json.load(fh)
        except ValueError as e:
            fail("%s: not JSON: %s" % (output, e))


def covers(f, line):
    return f["line"] <= line <= max(f.get("end_line") or f["line"], f["line"])


def note_names(f, tree, path, line):
    """Whether one of the finding's notes is at the labelled line: the finding is
    reported elsewhere (at the call in the loop, one call up) and its chain of notes
    passes through the label. Counted apart from the findings at the line."""
    for n in f.get("notes") or []:
        if n.get("line") == line and n.get("file") and \
                os.path.relpath(os.path.realpath(n["file"]), tree) == path:
            return True
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpuleak", required=True)
    ap.add_argument("--sources", required=True)
    ap.add_argument("--labels", default=os.path.join(ROOT, "bench", "labels", "labels.tsv"))
    ap.add_argument("--findings-dir")
    ap.add_argument("-j", "--jobs", type=int, help="translation units gpuleak analyses in parallel")
    ap.add_argument("--whole-project-max", type=int, default=40, metavar="N",
                    help="analyse every translation unit of a tree whose compile database has at most "
                         "N of them, as `gpuleak check -p build` would (facts that need the whole "
                         "project, such as 'the program never trains', come from all of them); larger "
                         "trees: only the labelled files and the units that include labelled headers "
                         "(default 40; 0: always only those)")
    a = ap.parse_args()
    if not os.access(a.gpuleak, os.X_OK):
        fail("not an executable: " + a.gpuleak)
    if not os.path.isdir(a.sources):
        fail("no such directory: " + a.sources)
    labels = read_labels(a.labels)
    out = a.findings_dir or tempfile.mkdtemp(prefix="gpuleak-labels-")
    os.makedirs(out, exist_ok=True)

    by_tree = {}
    for lab in labels:
        by_tree.setdefault(lab["tree"], []).append(lab)
    for name in by_tree:
        if not os.path.isdir(os.path.join(a.sources, name)):
            fail("no work tree %s (run bench/labels/checkout.sh %s)" % (os.path.join(a.sources, name), a.sources))

    findings = {}      # (tree, relpath) -> [finding]
    all_findings = {}  # tree -> ([finding], work tree path), for the notes
    unparsed = {}      # (tree, relpath) -> error message
    for name, labs in sorted(by_tree.items()):
        tree = fixed_tree(name, os.path.realpath(os.path.join(a.sources, name)), out)
        db = compdb_dir(tree, name, out)
        tus = db_files(db)
        files, header_tu = [], {}
        for path in sorted({l["path"] for l in labs}):
            full = os.path.join(tree, path)
            if not os.path.isfile(full):
                fail("%s: labelled file %s does not exist" % (name, path))
            if full.endswith(TU_EXTS):
                files.append(full)
            else:
                inc = includers(full, tus, tree)
                header_tu[path] = inc
                if inc:
                    files += inc
                else:
                    unparsed[(name, path)] = "no translation unit includes this header"
        if len(tus) <= a.whole_project_max:
            files += tus
        files = sorted(set(files))
        print("%s: %d file(s) ..." % (name, len(files)), file=sys.stderr, flush=True)
        report = run_gpuleak(a.gpuleak, db, files, os.path.join(out, name + ".json"), a.jobs)
        seen = set()
        all_findings[name] = (report.get("findings", []), tree)
        for f in report.get("findings", []):
            rel = os.path.relpath(os.path.realpath(f["file"]), tree)
            key = (rel, f["line"], f.get("column"), f["check"], f["message"])
            if key in seen:  # a header's finding, reported through several units
                continue
            seen.add(key)
            findings.setdefault((name, rel), []).append(f)
        for e in report.get("errors", []):
            rel = os.path.relpath(os.path.realpath(e["file"]), tree)
            unparsed[(name, rel)] = e["message"]
        for path, inc in header_tu.items():
            bad = [os.path.relpath(tu, tree) for tu in inc if (name, os.path.relpath(tu, tree)) in unparsed]
            if inc and len(bad) == len(inc):
                unparsed[(name, path)] = "its translation unit(s) %s did not parse" % ", ".join(bad)

    stats, misses, fps, used = {}, [], [], set()
    by_note, noted_noflag = [], []
    for lab in labels:
        key = (lab["tree"], lab["path"])
        hits = [f for f in findings.get(key, []) if f["check"] == lab["check"] and covers(f, lab["line"])]
        for f in hits:
            used.add(id(f))
        fs, tree = all_findings.get(lab["tree"], ([], ""))
        noted = not hits and any(f["check"] == lab["check"] and note_names(f, tree, lab["path"], lab["line"])
                                 for f in fs)
        s = stats.setdefault(lab["check"], [0, 0, 0, 0])  # found, flag total, flagged noflag, noflag total
        if lab["verdict"] == "flag":
            s[1] += 1
            if hits:
                s[0] += 1
            else:
                misses.append(lab)
                if noted:
                    by_note.append(lab)
        else:
            s[3] += 1
            if hits:
                s[2] += 1
                fps.append(lab)
            elif noted:
                noted_noflag.append(lab)

    def where(lab):
        note = unparsed.get((lab["tree"], lab["path"]))
        return "%s %s:%d [%s, %s] %s%s" % (lab["repository"], lab["path"], lab["line"], lab["check"],
                                          lab["kind"], lab["reason"], " (not parsed: %s)" % note if note else "")

    print("%-32s %14s %18s" % ("check", "flag found", "noflag flagged"))
    tot = [0, 0, 0, 0]
    for check in sorted(stats):
        s = stats[check]
        tot = [x + y for x, y in zip(tot, s)]
        print("%-32s %8d / %-4d %10d / %-4d" % (check, s[0], s[1], s[2], s[3]))
    print("%-32s %8d / %-4d %10d / %-4d" % ("total", tot[0], tot[1], tot[2], tot[3]))
    if tot[1]:
        print("recall %.0f%%, false positives %d of %d must-not-flag lines"
              % (100.0 * tot[0] / tot[1], tot[2], tot[3]))

    print("\nmissed (%d):" % len(misses))
    for lab in misses:
        print("  " + where(lab))
    print("\nmissed at the line, but named in a note of a finding of the same check reported "
          "elsewhere (%d; recall counting them: %d/%d):" % (len(by_note), tot[0] + len(by_note), tot[1]))
    for lab in by_note:
        print("  " + where(lab))
    print("\nmust-not-flag lines named in a note of a finding of the same check (%d):" % len(noted_noflag))
    for lab in noted_noflag:
        print("  " + where(lab))
    print("\nfalse positives (%d):" % len(fps))
    for lab in fps:
        print("  " + where(lab))

    labelled = {(l["tree"], l["path"]) for l in labels}
    extra = sorted(((k[0], k[1], f) for k in labelled for f in findings.get(k, []) if id(f) not in used),
                   key=lambda t: (t[0], t[1], t[2]["line"]))
    print("\nunlabelled findings in labelled files (%d, judge by hand):" % len(extra))
    for name, rel, f in extra:
        print("  %s %s:%d [%s] %s" % (name, rel, f["line"], f["check"], f["message"][:120]))

    bad = sorted(k for k in unparsed if k in labelled)
    print("\nlabelled files not analysed (%d):" % len(bad))
    for k in bad:
        print("  %s %s: %s" % (k[0], k[1], unparsed[k][:200]))
    print("\nreports in " + out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
