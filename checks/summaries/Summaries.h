//===--- Summaries.h - function summaries and the project index -*- C++ -*-===//
//
// What a function does that its callers need to know, keyed by its USR (the
// identity clangd's index uses, clang::index::generateUSRForDecl), so that a
// declaration in one translation unit meets its definition in another:
//
//   stores      which parameters it keeps where they outlive the call (a
//               member, global or static), directly or through its callees,
//               with the place of the store and the chain of calls to it;
//   forward     whether it runs a forward pass with grad mode as its caller
//               set (directly or through callees);
//   result      whether what it returns carries an autograd graph, or is cut
//               from any graph (detach, item, a CPU copy of a detached value);
//   no_grad     whether grad mode is off for its whole body;
//   differentiates  which parameters reach a backward pass in it;
//   writes_graph    which reference parameters it writes a graph into;
//   keeps_graph     whether it may keep a graph of its own making where it
//               outlives the call (a member, global or static);
//   grows       device storage it adds to a member, global or static on
//               every call (it piles up when the function is called in a
//               loop: calledInLoop(), over each call's `loop` fact);
//   drops_device    whether every value it returns is a host copy, a number
//               or a fresh tensor;
//   returns_member  the member of its object that a getter returns;
//   resets_members  the members of its object that it resets;
//   invokes     the parameters it invokes (callables handed to it), whether
//               every invocation runs with grad mode off, and in a loop.
//   throws, ends_process, param_uses  for raw CUDA handles: where it may
//               throw, whether it ends the process, and which parameters it
//               only reads, releases or may keep (checks/CudaUses.h).
//
// The checks read summaries through one interface, SummaryIndex: the
// functions of the translation unit are summarized from their bodies by the
// checks' own analysis, and the functions defined elsewhere come from the
// project index, the file `gpuleak-index.json` that `gpuleak check` writes
// next to compile_commands.json (docs/index.md gives the format). An entry
// whose file changed since the index was written (size or modification time)
// is ignored. Without an index a check sees one translation unit, as before.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_SUMMARIES_SUMMARIES_H
#define GPULEAK_CHECKS_SUMMARIES_SUMMARIES_H

#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace clang::tidy::gpuleak {

/// The index format version; a file of another version is not read.
inline constexpr int IndexVersion = 10;
/// Assumption notes: a check that had to assume what a function of another
/// file does says so in a note of this text (%0: the function), which
/// `gpuleak check` matches by text and place after the last TU.
inline constexpr char AssumedNote[] =
    "assuming %0, defined in another file, returns its argument's graph";
inline constexpr char AssumedGraphNote[] =
    "assuming %0, defined in another file, returns a tensor with an autograd "
    "graph";
inline constexpr char AssumedDeviceOutputNote[] =
    "assuming %0, defined in another file, returns the output of a forward "
    "pass";
inline constexpr char AssumedForwardNote[] =
    "assuming %0, defined in another file, runs a forward pass";
inline constexpr char AssumedHelperForwardNote[] =
    "assuming %0, defined in another file, runs a forward pass and returns "
    "its output";
inline constexpr char AssumedNoTrainingNote[] =
    "assuming no code of the project runs a backward pass: %0 hands its "
    "results to code in other files or threads";
/// A grad-mode fact that rests on calls in other files: the finding holds
/// unless every call of %0 in the project runs with grad mode off (a guard
/// around it, or in every caller's callers); `gpuleak check` drops it then
/// (ProjectIndex::guardedByCallers), and removes the note otherwise. The
/// note is at %0's name.
inline constexpr char AssumedUnguardedNote[] =
    "assuming some call of %0 in another file runs with grad mode on";
/// The note that replaces it once the project index settles it: a call of
/// %0 with grad mode on, in a function whose callers hold no guard either
/// (ProjectIndex::unguardedCalls, one note per call). gpuleak-tidy with the index gives it too.
inline constexpr char CalledUnguardedNote[] =
    "%0 is called here with grad mode on";
/// gpuleak-missing-detach: a carry that the function returns (a caller may
/// differentiate it, as back-propagation through the loop) is reported only
/// when no function of the project runs a backward pass: under `gpuleak
/// check` with this note at %0's name, which the step after the last file
/// turns into ReturnedCarryNote, or drops the finding when some function
/// trains; with the index, with ReturnedCarryNote at once.
inline constexpr char AssumedReturnedCarryNote[] =
    "assuming no function of the project runs a backward pass on what %0 "
    "returns";
inline constexpr char ReturnedCarryNote[] =
    "no function of the project runs a backward pass, so nothing "
    "differentiates what %0 returns";
/// The note that replaces it once the project index confirms it.
inline constexpr char NoTrainingNote[] =
    "no function of the project runs a backward pass, and %0 hands its "
    "results only to code in other files or threads that holds no guard";
/// The note that replaces either forward assumption once the project's
/// summary confirms it.
inline constexpr char RunsForwardNote[] = "%0 runs a forward pass here";
/// missing-no-grad under `gpuleak check`: a forward pass in a block whose
/// one finding went to a call of %0 only assumed to run a forward pass (the
/// note is at that call). Kept only if that call's finding is dropped: else
/// the guard that fixes it covers this pass too.
inline constexpr char AssumedNotCoveringNote[] =
    "assuming %0, defined in another file, runs no forward pass whose guard "
    "would cover this one";
/// missing-no-grad under `gpuleak check`: a function of another file that
/// takes a tensor by non-const reference after the forward pass is assumed
/// to run no backward pass on it; dropped when its summary trains.
inline constexpr char AssumedTrainsNote[] =
    "assuming %0, defined in another file, runs no backward pass";
/// missing-no-grad under `gpuleak check`: a function of another file, not
/// yet summarized, that takes a tensor and returns none, is assumed to run
/// no backward pass; dropped unless its summary (for a virtual call, its
/// overriders') says it trains nowhere.
inline constexpr char AssumedTrainsNowhereNote[] =
    "assuming %0, defined in another file and given a tensor here, runs no "
    "backward pass";
/// missing-no-grad under `gpuleak check`: a member that a forward pass's
/// output overwrites, read only through cuts by the code of this file, is
/// assumed to be read so by the method %q0 of its class, defined in another
/// file (%q1: the member); dropped unless %q0's summary (`reads_members`)
/// says it does not read the member otherwise.
inline constexpr char AssumedReadsCutNote[] =
    "assuming %q0, defined in another file, reads %q1 only through values "
    "that carry no graph";
/// missing-no-grad under `gpuleak check`: a public or protected member
/// (%0, its qualified name quoted) that a forward pass's output is stored into, read only through cuts
/// by the code of this file, is assumed to be read so by every function of
/// the project; dropped unless no summary's `reads_members` names it.
inline constexpr char AssumedNoneReadsCutNote[] =
    "assuming no function of another file reads %0 other than through "
    "values that carry no graph";
/// missing-no-grad under `gpuleak check`: a `forward` of another file, not
/// yet summarized, whose output its caller reads only through values that
/// carry no graph, is assumed to run no backward pass itself (a model whose
/// forward computes forces with `torch::autograd::grad` needs grad mode on,
/// whatever its caller does with the result). The note is at the call; the
/// finding is dropped unless the summary of the one function of that name
/// says it trains nowhere.
inline constexpr char AssumedForwardNoBackwardNote[] =
    "assuming %0, defined in another file, runs no backward pass of its own";
/// missing-no-grad under `gpuleak check`: the call of %0, a function of
/// another file that runs the forward pass judged, is assumed to keep none
/// of its graph in its object, a global or a static (a loop around it then
/// keeps nothing); dropped when its summary says it may (`keeps_graph`; for
/// a virtual call, one overrider's).
inline constexpr char AssumedKeepsNoGraphNote[] =
    "assuming %0, defined in another file, keeps none of its forward pass's "
    "graph beyond the call";
/// missing-no-grad under `gpuleak check`: the call of %0, a method of this
/// file whose forward pass's graph ends in it (it returns only values cut
/// from the graph), is assumed to keep none of that graph through the
/// functions of other files it hands it to or the forward passes of other
/// files it runs; dropped when %0's summary says it may (`keeps_graph`).
inline constexpr char AssumedCalleesKeepNoGraphNote[] =
    "assuming what %0 calls in other files keeps none of its forward pass's "
    "graph beyond the call";
/// A finding that holds only if a function of another file runs no backward
/// pass on the value passed to it (a training helper `step(loss)` does): the
/// note is at the call, and ends in the argument's 1-based position.
inline constexpr char AssumedNoBackwardNote[] =
    "assuming %0, defined in another file, runs no backward pass on its "
    "argument %1";

/// gpuleak-missing-no-grad under `gpuleak check`: a forward pass in a lambda
/// handed to %0, a function of another file, as its argument %1 (1-based):
/// the callee's grad mode where it invokes the lambda decides. The note is at
/// the call; the finding is dropped when %0's summary says every use of that
/// parameter is an invocation under a guard (`invokes[].guard`).
inline constexpr char AssumedInvokesUnguardedNote[] =
    "assuming %0, defined in another file, runs its argument %1 with grad "
    "mode on";

/// gpuleak-cuda-unreleased under `gpuleak check`: a member that the part of
/// its class's destructor defined in this file does not release, where the
/// destructor (or a method it calls on the object) is defined in another
/// file. %q0: that function, %q1: the member. Kept only when the project's
/// summaries say the function releases no such member (and, for the second
/// form, that it releases another member of the object).
inline constexpr char AssumedNoReleaseNote[] =
    "assuming %q0, defined in another file, does not release %q1";
inline constexpr char AssumedReleasesOthersNote[] =
    "assuming %q0, defined in another file, releases other members but not "
    "%q1";
/// gpuleak-cuda-unreleased under `gpuleak check`: a member that a class
/// without a destructor creates into and that nothing of this file releases.
/// %q0: the class (the note is at it), %q1: the member (the note is at it).
/// Kept when some function of the project makes objects of the class again
/// and again (in a loop, or in a function called in a loop:
/// ProjectIndex::madeRepeatedly), the note becoming MadeInLoopNote there;
/// dropped otherwise. The second is dropped with the finding when some
/// function of the project releases or hands on the member
/// (`looks_after_members`), and removed otherwise.
inline constexpr char AssumedMadeRepeatedlyNote[] =
    "assuming objects of %q0 are made repeatedly in another file";
inline constexpr char AssumedNotReleasedElsewhereNote[] =
    "assuming no function of another file releases %q0";
/// gpuleak-cuda-unreleased, a member of a class without a destructor: why
/// its resource is lost. The check's message says one of these clauses (%q0
/// the class; %q0 the holder and %q1 the part for the second); `gpuleak
/// check`, which settles AssumedMadeRepeatedlyNote after the last TU,
/// replaces the first with the second (formatNote()) when a holder's destructor, not a
/// repeated construction, is what loses it (ProjectIndex::
/// heldByReleasingOwner). With the two notes of the second.
inline constexpr char MadeRepeatedlyClause[] =
    "objects of %0 are made repeatedly";
inline constexpr char DestroyedWithHolderClause[] =
    "the destructor of %0 releases its own CUDA members but not those of "
    "the %1 it holds";
inline constexpr char HoldsPartNote[] = "%0 holds an object of %1 in %2 here";
inline constexpr char DestructorOfNote[] = "the destructor of %0 is here";
/// gpuleak-cuda-unreleased under `gpuleak check`, a path that leaks a local
/// resource through a call of %q0, a function of another file whose summary
/// the TU cannot see (the note is at the call): that it may throw (a
/// `leaked when this throws` at the call), that it only reads the resource
/// handed to it as its argument %1 (1-based), and that it returns (a path
/// that goes on after the call). `gpuleak check` keeps the first `leaked
/// ...` note (with the notes after it) whose assumptions the summaries
/// confirm (`throws`, `param_uses`, `ends_process`), makes the first one
/// ElsewhereThrowsNote at the summary's throw, removes the others, and
/// drops the finding when none holds.
inline constexpr char AssumedThrowsNote[] =
    "assuming %q0, defined in another file, may throw";
inline constexpr char AssumedReadsOnlyNote[] =
    "assuming %q0, defined in another file, neither releases nor keeps its "
    "argument %1";
inline constexpr char AssumedReturnsNote[] =
    "assuming %q0, defined in another file, does not end the process";
/// Where a function of another file may throw (its summary's `throws`).
inline constexpr char ElsewhereThrowsNote[] = "%q0 may throw here";
/// An object of %0 made in a loop, or in a function that the notes before
/// this one repeat (CalledInLoopNote, CallsNote).
inline constexpr char MadeInLoopNote[] = "an object of %0 is made in a loop here";
inline constexpr char MadeHereNote[] = "an object of %0 is made here";

/// gpuleak-retained-tensor under `gpuleak check`: device storage that a
/// member, global or static of %0 gains on every call, which piles up only
/// when %0 is called in a loop; no call in a loop is in this file. Kept when
/// the project's calls say one is (ProjectIndex::calledInLoop()), the note
/// becoming CalledInLoopNote at that call; dropped otherwise, and when some
/// function of the project bounds the target (FunctionSummary::Grows).
inline constexpr char AssumedCalledInLoopNote[] =
    "assuming %0 is called in a loop in another file";
/// gpuleak-retained-tensor, device storage without a graph: a value that
/// passes through %0, a function of another file that the index does not
/// know, is assumed to keep its argument's device storage; `gpuleak check`
/// drops the finding when the summary says it does not (`drops_device`).
inline constexpr char AssumedKeepsDeviceNote[] =
    "assuming %0, defined in another file, returns a tensor on its "
    "argument's device storage";
/// gpuleak-missing-detach, a value read through a getter and stored back
/// through a setter on the same object (an accessor carry): the note at the
/// getter's call, and, under `gpuleak check`, the assumptions about a getter
/// or setter of another file that the index does not know yet. The finding
/// is kept only when the setter's summary replaces (`overwrites`) the member
/// that the getter's summary returns (`returns_member`).
inline constexpr char ReadBackNote[] = "the carried value is read back here";
inline constexpr char AssumedKeepsMemberNote[] =
    "assuming %0, defined in another file, keeps its argument in a member of "
    "its object";
inline constexpr char AssumedReturnsMemberNote[] =
    "assuming %0, defined in another file, returns a member of its object";
/// ... and a method of another file called on the same object in the
/// iteration (or call), taken not to reset that member (`resets_members`).
inline constexpr char AssumedNoResetNote[] =
    "assuming %0, defined in another file, does not reset the carried member";
/// The notes of a call in a loop that repeats a function: %0 is the
/// function the loop calls, and each call from there down to the function
/// that stores is "%0 calls %1 here".
inline constexpr char CalledInLoopNote[] = "%0 is called in a loop here";
inline constexpr char CallsNote[] = "%0 calls %1 here";
/// gpuleak-retained-tensor, a value read from a member that the same
/// function fills with graphs (%0, the member, quoted by the caller): the
/// store that hands each call's graph to the next call.
inline constexpr char CarriedToNextCallNote[] =
    "the graph is put into %0 here, where the next call reads it";
/// ... by another method of the class; %1 is the method that reads it.
inline constexpr char CarriedToReaderNote[] =
    "the graph is put into %0 here, where %1 reads it";

/// \p Format with %0, %1, ... replaced by \p Args, each quoted ('f'), as
/// clang words a note whose arguments are declarations.
std::string formatNote(llvm::StringRef Format,
                       llvm::ArrayRef<std::string> Args);

/// The index's file name, next to compile_commands.json.
inline constexpr char IndexFileName[] = "gpuleak-index.json";

/// A place in a source file: absolute path, 1-based line and column.
struct SummaryPlace {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  bool valid() const { return !File.empty() && Line; }
  friend bool operator==(const SummaryPlace &A, const SummaryPlace &B) {
    return A.File == B.File && A.Line == B.Line && A.Column == B.Column;
  }
};

/// One step of a chain of calls: the callee's name and the call's place.
struct SummaryCall {
  std::string Callee;
  SummaryPlace At;
};

/// The notes of a chain that ProjectIndex::calledInLoop() found, with their
/// places: CalledInLoopNote at the call in the loop, then CallsNote at each
/// call on the way down.
std::vector<std::pair<std::string, SummaryPlace>>
calledInLoopNotes(llvm::ArrayRef<SummaryCall> Chain);

/// A parameter that a function keeps where it outlives the call.
struct ParamStore {
  /// The parameter's index (0-based; the object of a method is not one).
  unsigned Param = 0;
  /// The member, global or static it is kept in: qualified name and USR.
  std::string Target;
  std::string TargetUSR;
  /// The store itself (`items_.push_back(t)`), and the function it is in.
  SummaryPlace At;
  std::string Function;
  /// When the store is in a callee: the calls from this function down to
  /// the function that stores, outermost first.
  std::vector<SummaryCall> Via;
  /// The store replaces what the target held (`hidden_ = h`, a setter):
  /// it holds one value at a time, however often it is called. False for
  /// an insertion or accumulation (`items_.push_back(t)`, `sum_ += t`).
  bool Overwrites = false;
  /// The store writes the value in place into the target tensor, or a view
  /// of it (`store_[i] = t`, `store_.index_put_({i}, t)`,
  /// `store_.narrow(0, i, 1).copy_(t)`): the target's storage does not grow,
  /// but its history chains the graph of every value written into it.
  bool InPlace = false;
  /// The store keeps only the parameter's device storage, not its graph:
  /// it inserts a detached copy (`v_.push_back(t.detach())`), or another
  /// value that shares the device storage without the history (a clone or
  /// a copy to the GPU of the detached tensor, `argmax(t)`); a host copy
  /// (`t.detach().cpu()`) or a number is no store. Only insertions into a
  /// container are recorded so: a detached copy that replaces or is added
  /// into what the target holds does not grow it.
  bool Device = false;

  /// A setter of a member, global or static (`hidden_ = h`, `g_last = t`):
  /// one graph at a time, wherever it is called.
  bool overwritesTarget() const { return Overwrites && !InPlace; }
};

/// Device storage that a function adds, on every call, to a member, global
/// or static that nothing in its file bounds (gpuleak-retained-tensor's
/// "device storage that piles up without a graph"): it grows for the run
/// when the function is called in a loop.
struct DeviceGrowth {
  std::string Target;
  std::string TargetUSR;
  /// The store (`items_.push_back(t)`).
  SummaryPlace At;
};

/// A parameter that a function invokes: a callable handed to it (a lambda,
/// a functor, a function pointer, a `std::function`), called as `fn(x)`,
/// `std::forward<F>(fn)(x)` or `std::invoke(fn, x)`. What the callable runs
/// (a forward pass in a lambda) runs in the grad mode of those calls.
struct ParamInvoke {
  /// The parameter's index (0-based; the object of a method is not one).
  unsigned Param = 0;
  /// Its first invocation.
  SummaryPlace At;
  /// Set when every use of the parameter in the function is an invocation
  /// (or a test of it, `if (!fn)`) made with grad mode off: the guard (or
  /// `set_enabled(false)`) in force at the first one, for a note. Unset when
  /// one invocation may run with grad mode on, or the parameter is used
  /// otherwise: stored (`tasks_.push_back(fn)`, a `std::function` member),
  /// passed on, or run on a thread, where no guard of the function applies.
  std::optional<SummaryPlace> Guard;
  /// Some invocation is in a loop of the function.
  bool InLoop = false;
};

/// What a caller needs to know about one function.
struct FunctionSummary {
  std::string USR;
  /// Qualified name, for notes.
  std::string Name;
  /// Where it is defined (its name in the definition).
  SummaryPlace Def;
  /// The first and last lines of the definition in Def.File ({0, 0}:
  /// unknown), for --changed-since: lines removed inside it.
  std::pair<unsigned, unsigned> DefLines{0, 0};
  std::vector<ParamStore> Stores;
  /// A forward pass it runs with its caller's grad mode (the call, or the
  /// call into the callee that runs it).
  std::optional<SummaryPlace> Forward;
  /// A backward pass it runs (`backward()`, `torch::autograd::backward` or
  /// `grad`), or the call into the callee that runs one: it trains.
  std::optional<SummaryPlace> Backward;
  enum class Result { Unknown, Graph, Cut };
  Result Returns = Result::Unknown;
  /// Functions of other files whose results it returns (USRs), when what
  /// they return is not known where it is summarized: it returns a graph
  /// when one of them does (the solver decides).
  std::vector<std::string> ReturnsOf;
  /// The parameters whose values reach a backward pass in it, directly or
  /// through its callees (`void step(Tensor &loss) { loss.backward(); }`).
  std::vector<unsigned> Differentiates;
  /// The parameters, non-const references, into which it writes a value
  /// that carries an autograd graph (`state = next_state` in a sampling
  /// step that returns only ids): its caller gets a graph through them.
  std::vector<unsigned> WritesGraph;
  /// It may keep a graph of its own making (a forward pass's output, or a
  /// value computed from one) where it outlives the call: a member of any
  /// object, a global or a static, written directly or through a pointer
  /// parameter; or it hands such a value to a callee that keeps that
  /// parameter, or calls one that keeps a graph of its own (solved over the
  /// project's calls, KeepsGraphIf). The store, or the call. Unset: its
  /// forward passes' graphs leave it only by its result and its reference
  /// parameters (`writes_graph`).
  std::optional<SummaryPlace> KeepsGraph;
  /// Calls that make it keep a graph when the callee (by USR), unknown
  /// where it was summarized, keeps its parameter Param (handed such a
  /// value) or, with Param -1 (a forward pass of another file), keeps a
  /// graph of its own; or is not in the project index at all.
  struct KeepsIf {
    std::string CalleeUSR;
    int Param = -1;
    SummaryPlace At;
  };
  std::vector<KeepsIf> KeepsGraphIf;
  /// Every value it returns holds none of the device storage of its inputs
  /// or of a forward pass: a host copy, a number or a fresh tensor
  /// (`t.detach().to(torch::kCPU)`).
  bool DropsDevice = false;
  /// A method whose every return is the same member of its own object
  /// (`const Tensor &hidden() const { return hidden_; }`): the member's USR,
  /// else empty. With a setter's `stores` (`overwrites`) on the same member,
  /// a value read through it and stored back is carried from call to call
  /// (gpuleak-missing-detach).
  std::string ReturnsMember;
  /// The qualified name of ReturnsMember (`Layer::out_`), by which
  /// gpuleak-cuda-unreleased's notes name a member (memberLookedAfter()).
  std::string ReturnsMemberName;
  /// A method: the members of its own object that it sets to a value
  /// without history or detaches in place (a `reset()`), by USR.
  std::vector<std::string> ResetsMembers;
  /// Grad mode is off for its whole body.
  bool DisablesGrad = false;
  /// A virtual method: the USRs of the methods it overrides, at any depth.
  /// A call of one of them may run this one (ProjectIndex::dispatched()).
  std::vector<std::string> Overrides;
  /// Stores that add device storage to a member, global or static on every
  /// call (none of its own loops lasts the run).
  std::vector<DeviceGrowth> Grows;
  /// The members, globals and statics (USRs, sorted) that it bounds: clears,
  /// erases from, pops, resizes, or grows only under a size test that caps
  /// them. The index's bounded targets are those of its fresh summaries, so
  /// that a bound goes stale with the code that made it.
  std::vector<std::string> Bounds;
  /// It runs other than by a call that some summary records: a destructor,
  /// `main`, a lambda's body, or a function whose address its translation
  /// unit takes (a thread's body, a callback). Its bounds count even when
  /// no function of the project calls it (ProjectIndex::reached()).
  bool Entry = false;
  /// The parameters it invokes (callables handed to it), sorted by index.
  std::vector<ParamInvoke> Invokes;
  /// A call through a pointer or a std::function made with grad mode off
  /// (a pool's worker that holds a guard and runs its tasks): the functions
  /// it may run are called under a guard that no call record shows.
  std::optional<SummaryPlace> GuardedIndirectCall;

  /// A method: the members it releases with a CUDA release call or hands on
  /// (stores, returns, passes to a function), through its own object (USR
  /// and qualified name), read by gpuleak-cuda-unreleased for a destructor
  /// defined in another file.
  std::vector<std::pair<std::string, std::string>> ReleasesMembers;
  /// The methods it calls on its own object (USRs), which release for it.
  std::vector<std::string> ObjectCalls;
  /// Its body did not parse: what it releases is not known.
  bool MembersUnknown = false;
  /// The members (any object's, by USR and qualified name) that it reads
  /// into something that is not a cut of their graph: a store, a return, a
  /// backward pass, an argument of code not followed (the member rule of
  /// gpuleak-missing-no-grad).
  std::vector<std::pair<std::string, std::string>> ReadsMembers;
  /// The members of any object (`cudaFree(s.buf)`, `return t.stream_`) that
  /// it releases with a CUDA release call or hands on (USR and qualified
  /// name): gpuleak-cuda-unreleased's evidence that a member created by a
  /// class without a destructor is looked after somewhere in the project.
  std::vector<std::pair<std::string, std::string>> LooksAfterMembers;
  /// Members (any object's) that it hands to a parameter of a function of
  /// another file, whose summary its translation unit could not see: the
  /// member (USR, qualified name), the callee's USR and the parameter. Each
  /// looks after the member, as one of LooksAfterMembers (and, for its own
  /// object, ReleasesMembers) would, unless the callee's summary says it
  /// only reads that parameter (`param_uses`: a kernel's launcher handed a
  /// buffer). ProjectIndex::handedOn() decides.
  struct HandOnIf {
    std::string MemberUSR;
    std::string MemberName;
    std::string Callee;
    unsigned Param = 0;
  };
  std::vector<HandOnIf> HandsOnIf;
  /// The methods defined in another file whose result it hands on as
  /// gpuleak-cuda-unreleased's member rule counts a member handed on
  /// (stored, returned, passed to a constructor or to a function that is
  /// not a CUDA API; directly or through a local copy): `Next
  /// next(prev.output());` with `output()` defined elsewhere, as (USR,
  /// qualified name). Where such a method is a getter (ReturnsMember), the
  /// member it returns is looked after (memberLookedAfter()).
  std::vector<std::pair<std::string, std::string>> HandsOnResults;
  /// The members of the object that a parameter points or refers to
  /// (`cufftDestroy(p->plan_)` in `destroyPlan(Plan *p)`) that it releases
  /// with a CUDA release call or hands on, as (parameter, member USR,
  /// qualified name): a destructor that hands `this` or `*this` to it
  /// releases them (gpuleak-cuda-unreleased).
  std::vector<std::tuple<unsigned, std::string, std::string>>
      ReleasesParamMembers;
  /// The first `throw`, or call that may throw, that leaves its body (not
  /// inside a `try` block; gpuleak-cuda-unreleased's ThrowClassifier): a
  /// call of it may throw there. Unset when it cannot throw as far as its
  /// translation unit shows.
  std::optional<SummaryPlace> Throws;
  /// It never returns and does not throw: `[[noreturn]]`, or its body ends
  /// in `exit()`/`abort()` with no `return` (a `fatal()` helper).
  bool EndsProcess = false;
  /// What it does with each parameter that can hold a CUDA handle (a
  /// pointer, CUdeviceptr; not a reference): only reads it (a kernel launch,
  /// cudaMemset), releases it (cudaFree, directly or through callees up to 3
  /// deep) or may keep it (stores, returns or hands it to code not followed).
  enum class ParamUse { Read, Release, Keep };
  std::vector<std::pair<unsigned, ParamUse>> ParamUses;
  /// An allocation helper: the creating CUDA call (`cudaMalloc`) whose
  /// resource every return hands to the caller (returnedCreation()); empty
  /// otherwise. The caller owns what a call of it returns.
  std::string ReturnsCreated;
  /// Objects of project classes that it makes (a local, a temporary, `new`,
  /// `std::make_unique`), and the classes of their members, by USR and
  /// qualified name, with the place and whether a loop of it repeats it.
  struct Construction {
    std::string ClassUSR;
    std::string ClassName;
    SummaryPlace At;
    bool Loop = false;
  };
  std::vector<Construction> Constructs;
  /// A destructor: the objects of project classes that its class owns
  /// through a member (by value, through `std::unique_ptr`/`shared_ptr`, in
  /// a standard container of those, or by a raw pointer that it `delete`s),
  /// which are destroyed with each object of its class: the part's class by
  /// USR and qualified name, the member's qualified name, and the member's
  /// place (CudaClassResources::ownedParts()).
  struct OwnedPart {
    std::string ClassUSR;
    std::string ClassName;
    std::string Field;
    SummaryPlace At;
  };
  std::vector<OwnedPart> OwnsParts;

  /// Calls to other functions, for the project-wide fixpoint: the callee's
  /// USR, the place, and for each argument the parameter of this function
  /// it is computed from (-1: none). `NoGrad`: the call runs with grad mode
  /// off. `Loop`: the call is in a loop of the function (or in a lambda that
  /// a loop of it calls), one that ends by its condition (`Finite`) or one
  /// that lasts the run (`Run`: `while (true)`, `for (;;)`); `Loops`: how
  /// many loops enclose it (2 or more: nested).
  struct Call {
    std::string CalleeUSR;
    std::string CalleeName;
    SummaryPlace At;
    std::vector<int> ArgParams;
    bool NoGrad = false;
    enum class LoopKind { None, Finite, Run };
    LoopKind Loop = LoopKind::None;
    unsigned Loops = 0;
  };
  std::vector<Call> Calls;

  llvm::json::Value toJSON() const;
  static std::optional<FunctionSummary> fromJSON(const llvm::json::Value &V);
};

/// The USR of \p D, or "" when clang cannot make one.
std::string usrOf(const Decl *D);

/// The project index: summaries of functions defined anywhere in the
/// project, and, from their `bounds`, the members, globals and statics that
/// some function bounds (clears, erases from, pops, resizes).
class ProjectIndex {
public:
  /// Whether \p Text is a JSON object with a "version" and "functions"
  /// (an index of some version), or the start of the text write() writes
  /// (an index truncated by an interrupted write or a full disk; its keys are
  /// sorted, so "version" comes last): a file that may be overwritten.
  static bool looksLikeIndex(llvm::StringRef Text);
  /// Reads \p Path. An index of another version, or one that does not
  /// parse, is an error; entries whose file changed are dropped.
  static llvm::Expected<ProjectIndex> read(llvm::StringRef Path);
  /// The index for a translation unit: the file \p Option names (the
  /// global clang-tidy option `GpuleakIndex`; "none" turns the index off,
  /// and so does "project", which `gpuleak check` sets: it decides what
  /// depends on other files after the last TU, see deferredToProject());
  /// else the one next to the compile database that serves \p BuildDir (the
  /// command's directory or a parent holding compile_commands.json); else,
  /// as clangd looks for a compile database, in a parent of \p MainFile or
  /// its `build/` folder. Null when there is none or it cannot be read. A file
  /// is read once per process while its size and time stay the same, and
  /// those of the source files it names.
  /// When the index found cannot be read, \p Problem (if given) gets a
  /// one-line reason, once per process and file.
  static std::shared_ptr<const ProjectIndex>
  find(llvm::StringRef Option, llvm::StringRef BuildDir,
       llvm::StringRef MainFile, std::string *Problem = nullptr);

  /// Where find() says, once per process, that it found no index while
  /// looking for one (no `GpuleakIndex` given): each file is then analysed
  /// alone, and a clang-tidy step in CI would lose every finding that
  /// depends on another file without a word (CI trial 15, D11). \p Line has
  /// no prefix and no newline. By default `gpuleak: LINE` on stderr, as
  /// clang-tidy says that it runs without a compile database;
  /// gpuleak-clangd sends it to clangd's log.
  using NoIndexSink = void (*)(llvm::StringRef Line);
  static void setNoIndexSink(NoIndexSink Sink);

  /// Whether \p Option (`GpuleakIndex`) is "project": checks then report a
  /// finding that depends on an unknown function of another file with a
  /// note stating the assumption, and `gpuleak check` keeps, rewrites or
  /// drops it once it has the whole project's summaries.
  static bool deferredToProject(llvm::StringRef Option) {
    return Option == "project";
  }

  /// The summary of the function \p USR. Several definitions of one USR
  /// (two programs' `main`, a same-named non-static function in two
  /// executables) are kept apart (functions()); lookup() answers with one
  /// summary of them all, decided for precision: a fact that can make a
  /// finding (a forward pass, a graph returned or written, a store, device
  /// growth, a throw, a parameter only read, the member a getter returns)
  /// holds only when every definition has it, and one that settles or
  /// drops a finding (a backward pass, a cut result, a host copy, grad mode
  /// off, a guarded invocation, a release, a reset, a bound, ending the
  /// process) when one of them has it; calls are the union. A caller of
  /// another file may reach any of them: the index does not know which
  /// program links which file.
  const FunctionSummary *lookup(llvm::StringRef USR) const;
  /// What a virtual call of the method \p USR runs: when methods of the
  /// project override it, one summary of them all (and of its own
  /// definition, if it has one): it runs a forward pass, returns a graph or
  /// disables grad mode only when every one of them does, writes a graph
  /// into a parameter every one of them writes, trains when one of them
  /// does, and keeps what any of them keeps. Otherwise lookup(\p USR).
  const FunctionSummary *dispatched(llvm::StringRef USR) const;
  /// Whether the function \p USR runs: some function of the project calls
  /// it (or a method it overrides), or it is an entry (FunctionSummary::Entry).
  bool reached(llvm::StringRef USR) const;
  bool bounded(llvm::StringRef TargetUSR) const {
    return Bounded.count(TargetUSR);
  }

  /// Whether the project never trains: it defines `main` (a program, not a
  /// library whose users may train on what it returns), no function runs a
  /// backward pass, and none is an entry point for Python
  /// (`PYBIND11_MODULE`, `TORCH_LIBRARY`). Returns `main`'s place, or
  /// std::nullopt.
  std::optional<SummaryPlace> trainsNowhere() const { return NoTraining; }
  /// Whether every call of the function \p USR in the project runs with
  /// grad mode off: in a guarded block, or in a function whose every call
  /// does (or whose body is guarded). False for a function with no call.
  bool guardedByCallers(llvm::StringRef USR) const;
  /// A call of the function \p USR with grad mode on (no guard around it,
  /// nor over its caller's body), made by a function that guardedByCallers()
  /// does not cover: every such call, by file, line and column, with the
  /// name of the function it calls (each is a cause of a finding in the
  /// function, so a new one is a new note: docs/cli.md, baselines). Empty
  /// when there is none.
  std::vector<SummaryCall> unguardedCalls(llvm::StringRef USR) const;
  /// A call in a loop that repeats the function \p USR: a call of it made in
  /// a loop, or in a loop of a function that calls it (callers of callers,
  /// up to \p MaxDepth calls above it), the fewest calls first. The chain is
  /// outermost first: the call in the loop (with the name of the function
  /// called there), then each call on the way down to \p USR. std::nullopt
  /// when no call of the project repeats it.
  std::optional<std::vector<SummaryCall>>
  calledInLoop(llvm::StringRef USR, unsigned MaxDepth = 3) const;
  /// Whether the outputs of the function \p USR, which leave its file or
  /// thread, are never trained on: the project never trains
  /// (trainsNowhere()), no caller guards it (guardedByCallers()), and its
  /// callers do not take its forward pass for theirs (a function that
  /// returns its forward's graph to callers in the project is reported at
  /// those calls).
  bool neverTrainedOn(llvm::StringRef USR) const;
  /// The members of its object that the method \p USR releases or hands on,
  /// with the methods it calls on the object, up to 3 deep (by USR and
  /// qualified name); for a function handed the object (`destroyPlan(this)`),
  /// those of the objects its parameters point to. False when one of them
  /// is not in the index or did not parse: nothing is known.
  bool membersReleasedBy(llvm::StringRef USR, llvm::StringSet<> &USRs,
                         llvm::StringSet<> &Names) const;
  /// Whether some function of the project releases or hands on the member
  /// whose qualified name is \p Name (`looks_after_members`), also through
  /// the result of a getter of another file that returns it
  /// (`hands_on_results` matched with the getter's `returns_member`).
  bool memberLookedAfter(llvm::StringRef Name) const;
  /// Whether \p H hands its member on: the callee is not in the index, or
  /// its summary does not say that it only reads the parameter.
  bool handedOn(const FunctionSummary::HandOnIf &H) const;
  /// Where the project makes objects of the class named \p ClassName again
  /// and again: a construction in a loop, or in a function that a call of
  /// the project in a loop repeats (callers up to 3 above). The notes, as
  /// calledInLoopNotes() words them, end with MadeInLoopNote at the
  /// construction. std::nullopt when no construction is repeated.
  std::optional<std::vector<std::pair<std::string, SummaryPlace>>>
  madeRepeatedly(llvm::StringRef ClassName) const;
  /// A class of the project that owns an object of the class named \p
  /// ClassName through a member, and whose destructor releases (or hands
  /// on) CUDA members of its own object (`owns_parts`, `releases_members`):
  /// each object of it that is destroyed destroys the part too. The
  /// holder's unqualified name (the message's) and the notes: HoldsPartNote at the member,
  /// DestructorOfNote at the destructor's definition. std::nullopt when no
  /// such holder is known.
  struct Holder {
    std::string Name;
    std::vector<std::pair<std::string, SummaryPlace>> Notes;
  };
  std::optional<Holder> heldByReleasingOwner(llvm::StringRef ClassName) const;
  /// The function whose qualified name is \p Name, when exactly one has it.
  const FunctionSummary *named(llvm::StringRef Name) const;
  /// The function defined at \p Def (its name), or null.
  const FunctionSummary *definedAt(const SummaryPlace &Def) const;

  /// Adds \p S, unless a summary of the same USR defined at the same place
  /// is there already (a function of a header, summarized by every TU that
  /// includes it, identically). Returns whether it was added.
  bool add(FunctionSummary S);
  /// Records the size and modification time of \p File, against which a
  /// later read judges its entries stale.
  void stampFile(llvm::StringRef File);
  /// Records \p File as stale (`size: -1`): a later read judges it changed,
  /// whatever it holds then, so that a reader re-checks it instead of
  /// taking the index as complete without it. Written for the translation
  /// units that a run over some of them neither analysed nor found fresh.
  void markStale(llvm::StringRef File);
  /// The files of `files` whose entries are fresh (read() found them
  /// unchanged, or stampFile() stamped them), sorted.
  std::vector<std::string> freshFiles() const;

  /// Propagates stores, forward passes and results along the calls until
  /// nothing changes. Returns the number of rounds.
  unsigned solve();

  llvm::json::Value toJSON() const;
  /// Writes the index to \p Path atomically.
  llvm::Error write(llvm::StringRef Path) const;

  /// Every definition, by USR (several for one USR defined in several
  /// places).
  const std::multimap<std::string, FunctionSummary> &functions() const {
    return Functions;
  }
  size_t staleEntries() const { return Stale; }
  /// The files of `files` that changed, appeared or disappeared since the
  /// index was written (their entries were dropped by read()), sorted.
  const std::vector<std::string> &staleFiles() const { return StaleFiles; }
  /// Whether a file the index read names (its `files`) has changed, appeared
  /// or disappeared since read(): its entries are then judged anew by
  /// reading the index again (a long-lived reader, clangd, sees an edit
  /// saved after it read the index).
  bool filesChangedSinceRead() const;
  /// The targets that some function of the index bounds (its `bounds`),
  /// sorted.
  std::vector<std::string> boundedTargets() const {
    std::vector<std::string> Out;
    for (const auto &E : Bounded)
      Out.push_back(E.getKey().str());
    llvm::sort(Out);
    return Out;
  }

private:
  /// The whole project's facts that trainsNowhere(), guardedByCallers(),
  /// neverTrainedOn() and bounded() answer from, computed once by solve()
  /// and read().
  void deriveProjectFacts();
  /// Fills Merged from Functions.
  void mergeDefinitions();

  std::multimap<std::string, FunctionSummary> Functions;
  /// USR defined in several places -> lookup()'s summary of them all.
  std::map<std::string, FunctionSummary> Merged;
  /// Overridden method USR -> the summary of every method a virtual call
  /// of it may run (dispatched()).
  std::map<std::string, FunctionSummary> Dispatched;
  /// The union of the functions' Bounds.
  llvm::StringSet<> Bounded;
  /// Callee USR -> (caller USR, the call runs with grad mode off); for an
  /// overrider, also the callers of the methods it overrides.
  llvm::StringMap<llvm::SmallVector<std::pair<std::string, bool>, 2>> CallersOf;
  /// Callee USR -> (the caller's definition, the index of the call in its
  /// Calls).
  llvm::StringMap<llvm::SmallVector<std::pair<const FunctionSummary *, size_t>, 2>>
      CallsOf;
  std::optional<SummaryPlace> NoTraining;
  bool AnyGuardedIndirectCall = false;
  struct Stamp {
    uint64_t Size = 0;
    int64_t MTime = 0;
    /// xxh3_64bits of the content; std::nullopt for an entry of an index
    /// written before `hash` existed (judged by size and time alone).
    std::optional<uint64_t> Hash;
    /// Written as `size: -1`, which no file has (markStale).
    bool Stale = false;
  };
  std::map<std::string, Stamp> Files;
  /// Every file of `files` as read() found it (std::nullopt: missing).
  std::vector<std::pair<std::string, std::optional<std::pair<uint64_t, int64_t>>>>
      SeenAtRead;
  size_t Stale = 0;
  std::vector<std::string> StaleFiles;
};

} // namespace clang::tidy::gpuleak

#endif
