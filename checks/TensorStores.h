//===--- TensorStores.h - stores that keep tensors alive -------*- C++ -*-===//
//
// The analysis behind gpuleak-retained-tensor and gpuleak-missing-detach. It
// finds the stores of tensor-holding values in a translation unit's own code
// (accumulation, container insertion, assignment), decides which stored values
// carry autograd history (their provenance reaches a forward pass, or an
// operation on a tensor that requires grad, with no detach()/item()/no-grad in
// between), and classifies each retaining store into exactly one kind, so the
// two checks never report the same line:
//
//   Carry      the old value of the destination flows, through a forward pass
//              or another non-arithmetic operation, into the stored value: a
//              recurrent state carried to the next iteration
//              (gpuleak-missing-detach);
//   Accumulate the destination is combined with the value by arithmetic
//              (`+=`, `add_`, `t = t + v`, `cat({t, v})`)   (retained-tensor);
//   Insert     the value is put into a container               (retained-tensor);
//   Assign     the value overwrites a member, global or static (retained-tensor);
//   InPlace    the value is written in place into a tensor that outlives the
//              iteration or the call (`bank[i] = v`, `bank.index_put_({i}, v)`,
//              `bank.narrow(0, i, 1).copy_(v)`): the destination's history
//              (CopySlices) chains the value's graph to every earlier one
//                                                              (retained-tensor);
//   Cache      a tensor is put into a static map keyed by shape that is never
//              evicted, whether or not it carries history      (retained-tensor);
//   Device     a tensor without a graph (computed with grad mode off, or
//              detached) that still holds the device storage of a forward
//              pass is put, on every iteration of a run-long repetition,
//              into a container that nothing clears or bounds (retained-tensor).
//
// One analysis object lives for one translation unit (it is owned by a check).
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_TENSORSTORES_H
#define GPULEAK_CHECKS_TENSORSTORES_H

#include "GpuLeakCheck.h"
#include "summaries/LocalFacts.h"
#include "summaries/Summaries.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <memory>
#include <optional>

namespace clang::tidy::gpuleak {

/// Whether the result of call \p C carries no autograd history whatever its
/// inputs: it leaves the graph (`detach`, `item`, `data_ptr`), is not
/// differentiable (comparisons, indices, samples), or converts to an
/// integral dtype.
bool cutsGraph(const CallExpr *C);

/// Whether \p C, in a template, calls a method named `forward` of a
/// dependent object (`m->forward(x)`, `model.forward(x)`): a forward pass,
/// known by its name only until the template is instantiated.
bool isDependentForwardCall(const CallExpr *C);

/// Whether a value of type \p T can hold a tensor: at::Tensor, c10::IValue,
/// an ivalue::Tuple, a closure or std::function, or a template or struct with
/// such an argument or field.
bool holdsTensor(QualType T, unsigned Depth = 0);

/// The members that can hold a tensor (of any object of the project's
/// classes) that \p FD reads into something other than a cut of their
/// graph: every read in its body must be one that GraphUse.h calls dropped
/// unused (`m.sizes()`, `m.data_ptr<float>()`, `m.item()`, printing), or
/// the target of an assignment; a read in a lambda, or in a constructor's
/// member initializer, is not followed.
llvm::SmallVector<const FieldDecl *, 2> membersReadUncut(const FunctionDecl *FD,
                                                         ASTContext &Ctx);

/// One store that keeps a tensor (or its autograd graph) alive past the loop
/// iteration or the call that produced it.
struct TensorStore {
  enum StoreKind { Carry, Accumulate, Insert, Assign, InPlace, Cache, Device };
  TensorStore(StoreKind Kind, const Expr *Store, const ValueDecl *Target,
              const Expr *Value, const Expr *Origin, const Stmt *Loop)
      : Kind(Kind), Store(Store), Target(Target), Value(Value), Origin(Origin),
        Loop(Loop) {}
  StoreKind Kind;
  /// The storing expression (`+=`, `push_back(...)`, `=` call); reported here.
  const Expr *Store;
  /// The destination: a local, parameter, member, global or static.
  const ValueDecl *Target;
  /// The stored value (the argument of the store).
  const Expr *Value;
  /// Where the retained memory is produced: the forward call, or the
  /// operation on a requires-grad tensor, or (for Cache) the tensor factory.
  const Expr *Origin;
  /// The loop whose iterations the value outlives; null for members, globals
  /// and statics stored outside a loop.
  const Stmt *Loop;
  /// Fix-its that are safe to offer: `.item<double>()` after Value
  /// (accumulation of a scalar into a tensor used only through item()), or
  /// `.detach()` after Value (Value is a plain at::Tensor expression).
  bool FixItem = false;
  bool FixDetach = false;
  /// For a store made by a function the code calls (Store is then the call,
  /// Value its argument): the callee, the destination's name (Target is
  /// null when the callee is defined in another translation unit), and the
  /// notes down the chain of calls to the store, outermost first.
  const FunctionDecl *Callee = nullptr;
  std::string CalleeTarget;
  /// A call of a function defined in another translation unit, unknown to
  /// the project index, that the graph is assumed to flow through (see
  /// assumedNote()).
  const CallExpr *Assumed = nullptr;
  /// The further calls of such functions that the value passes through
  /// after Assumed (or AssumedDevice), inner first, each said in a note of
  /// its own: `detach_state(next_memory(out))` rests on both, and is
  /// dropped when either cuts (trial 18, D1).
  llvm::SmallVector<const CallExpr *, 1> AssumedOuter;
  /// Under `gpuleak check` (deferred): the call of a function defined in
  /// another file whose result is taken to carry a graph until the project's
  /// summary says whether it does.
  const CallExpr *AssumedGraph = nullptr;
  /// Under `gpuleak check` (deferred): a call of a function of another file
  /// that the kept value reaches, as argument AssumedNoBackwardArg (0-based),
  /// taken to run no backward pass on it until its summary says.
  const CallExpr *AssumedNoBackward = nullptr;
  unsigned AssumedNoBackwardArg = 0;
  /// A carry, under `gpuleak check` (deferred): the calls of functions of
  /// another file, outside the carry's loop, handed a tensor (argument
  /// index, 0-based), each taken to run no backward pass on it until its
  /// summary says: a training helper among them makes the carry
  /// back-propagation through time, and the finding is dropped.
  llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 2> AssumedSteps;
  /// Under `gpuleak check` (deferred): a carry in a function that runs no
  /// backward pass, taken to run with grad mode on until the project says
  /// whether every call of this function holds a guard.
  const FunctionDecl *AssumedUnguarded = nullptr;
  /// With the project index (gpuleak-tidy): the calls that run this
  /// function with grad mode on (CalledUnguardedNote, as `gpuleak check`
  /// turns AssumedUnguardedNote into after the last file).
  std::vector<std::pair<std::string, SourceLocation>> CalledUnguarded;
  llvm::SmallVector<std::pair<std::string, SourceLocation>, 4> CalleeNotes;
  /// Device, and InPlace through a callee called outside a loop: the
  /// function whose calls must come from a loop for the store to repeat (its
  /// own loops do not outlast one call), and, once finish() has found one,
  /// that call.
  const FunctionDecl *RepeatedBy = nullptr;
  const CallExpr *RepeatCall = nullptr;
  /// A value read from a member that the function fills with graphs: the
  /// store, made by the previous call, that hands the graph on
  /// (carriedFromEarlierCall()). RepeatedBy is then null: a function that
  /// reads what its previous call left is a step, meant to be called again.
  const Expr *CarriedBy = nullptr;
  std::string CarriedMember; // unquoted: obs.actions
  /// When another method of the class fills the member (CarriedBy is in
  /// it): the function that reads it, which made the store.
  const FunctionDecl *CarriedReader = nullptr;
  /// Device, with the project index: the notes of a call of RepeatedBy (or
  /// of a caller of it) in a loop of another file (CalledInLoopNote, then
  /// CallsNote down to RepeatedBy).
  llvm::SmallVector<std::pair<std::string, SourceLocation>, 2> RepeatNotes;
  /// Device, under `gpuleak check` (deferred): RepeatedBy, which no loop of
  /// this TU calls, taken to be called in a loop of another file
  /// (AssumedCalledInLoopNote) until the project's calls say.
  const FunctionDecl *AssumedRepeat = nullptr;
  /// Device: a call of a function of another file, unknown to the index,
  /// that the value passes through, taken to keep its argument's device
  /// storage (AssumedKeepsDeviceNote).
  const CallExpr *AssumedDevice = nullptr;
  /// Carry through accessors (Store is the setter's call, Callee the
  /// setter): the call of the getter, on the same object, whose result the
  /// stored value is computed from. Under `gpuleak check`, whether the
  /// setter or the getter is a function of another file that the index does
  /// not know yet (AssumedKeepsMemberNote, AssumedReturnsMemberNote).
  const CallExpr *ReadBack = nullptr;
  bool AssumedSetter = false;
  bool AssumedGetter = false;
  /// A carry in a loop that the function returns (with the value it
  /// computes): under `gpuleak check`, the function, taken to be
  /// differentiated by no caller (AssumedReturnedCarryNote); with the index,
  /// ReturnedCarry instead (ReturnedCarryNote).
  const FunctionDecl *AssumedReturnedCarry = nullptr;
  const FunctionDecl *ReturnedCarry = nullptr;
  /// Calls of unknown methods of another file on the same object, taken
  /// not to reset the carried member (AssumedNoResetNote).
  llvm::SmallVector<const CallExpr *, 1> AssumedNoReset;
};

/// A parameter that a function keeps where it outlives the call, as a
/// caller in this translation unit sees it: found in the callee's body
/// (Target, Store and the calls Via are AST nodes of this TU), or read from
/// the project index (External).
struct KeptParam {
  unsigned Param = 0;
  const ValueDecl *Target = nullptr;
  const Expr *Store = nullptr;
  llvm::SmallVector<const CallExpr *, 2> Via;
  const ParamStore *External = nullptr;
  /// The store replaces the target's value (ParamStore::Overwrites).
  bool Overwrites = false;
  /// The store writes the parameter in place into the target
  /// (ParamStore::InPlace).
  bool InPlace = false;
  /// The store keeps only the parameter's device storage, a detached copy
  /// (ParamStore::Device).
  bool Device = false;
  /// For a virtual call: the overrider (quoted) whose store it is, when
  /// not the method called (callKeptParams()).
  std::string RunBy = {};
};

/// Emits the note for \p S.Assumed, if any, through \p Diag.
template <typename DiagFn> void assumedNote(const TensorStore &S, DiagFn Diag) {
  if (S.AssumedSetter && S.Callee)
    Diag(S.Store->getBeginLoc(), AssumedKeepsMemberNote, DiagnosticIDs::Note)
        << S.Callee;
  if (S.AssumedGetter && S.ReadBack)
    if (const FunctionDecl *FD = S.ReadBack->getDirectCallee())
      Diag(S.ReadBack->getBeginLoc(), AssumedReturnsMemberNote,
           DiagnosticIDs::Note)
          << FD;
  for (const CallExpr *C : S.AssumedNoReset)
    if (const FunctionDecl *FD = C->getDirectCallee())
      Diag(C->getBeginLoc(), AssumedNoResetNote, DiagnosticIDs::Note) << FD;
  if (S.Assumed)
    for (const CallExpr *C : llvm::concat<const CallExpr *const>(
             llvm::ArrayRef(S.Assumed), S.AssumedOuter))
      if (const FunctionDecl *FD = C->getDirectCallee())
        Diag(C->getBeginLoc(), AssumedNote, DiagnosticIDs::Note) << FD;
  if (S.AssumedGraph)
    if (const FunctionDecl *FD = S.AssumedGraph->getDirectCallee())
      Diag(S.AssumedGraph->getBeginLoc(), AssumedGraphNote,
           DiagnosticIDs::Note)
          << FD;
  if (S.AssumedNoBackward)
    if (const FunctionDecl *FD = S.AssumedNoBackward->getDirectCallee())
      Diag(S.AssumedNoBackward->getBeginLoc(), AssumedNoBackwardNote,
           DiagnosticIDs::Note)
          << FD << S.AssumedNoBackwardArg + 1;
  for (const auto &[C, Arg] : S.AssumedSteps)
    if (const FunctionDecl *FD = C->getDirectCallee())
      Diag(C->getBeginLoc(), AssumedNoBackwardNote, DiagnosticIDs::Note)
          << FD << Arg + 1;
  if (S.AssumedUnguarded)
    Diag(S.AssumedUnguarded->getLocation(), AssumedUnguardedNote,
         DiagnosticIDs::Note)
        << S.AssumedUnguarded;
  for (const auto &[Text, At] : S.CalledUnguarded)
    Diag(At, "%0", DiagnosticIDs::Note) << Text;
  if (S.AssumedReturnedCarry)
    Diag(S.AssumedReturnedCarry->getLocation(), AssumedReturnedCarryNote,
         DiagnosticIDs::Note)
        << S.AssumedReturnedCarry;
  if (S.ReturnedCarry)
    Diag(S.ReturnedCarry->getLocation(), ReturnedCarryNote,
         DiagnosticIDs::Note)
        << S.ReturnedCarry;
}

/// Function definitions the analysis looks at: any with a body, except a
/// lambda's call operator (its body is analyzed with the enclosing function).
ast_matchers::internal::BindableMatcher<Decl> analyzedFunction();

/// Inserts \p Text after \p E, or std::nullopt inside a macro.
std::optional<FixItHint> appendText(const Expr *E, StringRef Text,
                                    const SourceManager &SM,
                                    const LangOptions &LangOpts);

/// A call in a loop (or, PerCall, a call of a function called in a loop) that
/// passes a graph-carrying value to a function defined in another
/// translation unit: a store, if the project's summary of the callee says it
/// keeps that parameter (decided by `gpuleak check` after the last
/// translation unit).
struct OpenCallSite {
  const CallExpr *Call;
  const FunctionDecl *Callee;
  unsigned Param;
  const Expr *Arg;
  const Expr *Origin;
  const CallExpr *Assumed;
  const CallExpr *AssumedGraph;
  /// The value carries no graph, only device storage (TensorStore::Device):
  /// a store only if it piles up, when the loop lasts the run, else when
  /// RepeatedBy (the caller) is called in a loop.
  bool Device = false;
  const FunctionDecl *RepeatedBy = nullptr;
  /// Device: the call the value passes through (TensorStore::AssumedDevice).
  const CallExpr *AssumedDevice = nullptr;
  /// The call is in no loop of the caller: it keeps one value per call of
  /// RepeatedBy, a store only when the callee adds to what it keeps (not a
  /// setter) and RepeatedBy is called in a loop.
  bool PerCall = false;
  /// The further calls the value passes through (TensorStore::AssumedOuter).
  llvm::SmallVector<const CallExpr *, 1> AssumedOuter = {};
  /// Device, for a value that carries a graph: a store only where the
  /// callee keeps a detached copy of it (ParamStore::Device); its other
  /// stores are the site of the same call with a graph.
  bool DeviceStoresOnly = false;
  /// A value read from a member that the caller fills with graphs
  /// (TensorStore::CarriedBy): the store that hands the graph to the next
  /// call, and the member's name (unquoted). RepeatedBy is then null: the
  /// caller is a step meant to be called again.
  const Expr *CarriedBy = nullptr;
  std::string CarriedMember = {};
  /// TensorStore::CarriedReader.
  const FunctionDecl *CarriedReader = nullptr;
};

class TensorStoreFinder {
public:
  TensorStoreFinder();
  ~TensorStoreFinder();

  /// Analyzes one function definition (or lambda call operator) of the main
  /// file's code. Stores into locals are decided here; stores into members,
  /// globals and statics wait for finish(), which knows the whole TU.
  void analyzeFunction(const FunctionDecl *FD, ASTContext &Ctx);

  /// Returns the stores found, in source order, each reported once, and
  /// resets the state for the next translation unit.
  llvm::SmallVector<TensorStore, 8> finish(const SourceManager &SM);

  /// Facts about functions defined elsewhere come from \p Index (may be
  /// null: one translation unit only).
  void setIndex(std::shared_ptr<const ProjectIndex> Index) {
    this->Index = std::move(Index);
  }
  /// Under `gpuleak check`, which decides after the last TU: a function of
  /// another file that returns a tensor is taken to return one with a graph,
  /// said in a note (AssumedGraphNote), and checked against its summary.
  void setDeferred(bool D) { Deferred = D; }

  /// The parameters \p FD keeps past the call: from its body when this TU
  /// defines it, else from the project index.
  llvm::ArrayRef<KeptParam> keptParams(const FunctionDecl *FD, ASTContext &Ctx);
  /// The parameters that the call \p C of \p G keeps: keptParams(\p G),
  /// and for a virtual call, what any overrider of this TU or of the
  /// project index keeps (ProjectIndex::dispatched()).
  llvm::SmallVector<KeptParam, 1> callKeptParams(const CallExpr *C,
                                                 const FunctionDecl *G,
                                                 ASTContext &Ctx);

  /// The calls of \p FD that pass a graph to a function defined elsewhere,
  /// in a loop (see OpenCallSite).
  llvm::SmallVector<OpenCallSite, 2> openCallSites(const FunctionDecl *FD,
                                                   ASTContext &Ctx);
  /// The members, globals and statics \p FD clears, erases from, pops or
  /// resizes.
  llvm::SmallVector<const ValueDecl *, 2> boundedBy(const FunctionDecl *FD,
                                                    ASTContext &Ctx);

  /// Whether \p FD runs other than by a call that a summary records: a
  /// destructor, `main`, a lambda's body, or a function whose address this
  /// TU takes (FunctionSummary::Entry).
  bool isEntry(const FunctionDecl *FD, ASTContext &Ctx);
  /// Whether every call of \p FD in this TU runs with grad mode off, by a
  /// guard of the caller or of every call of the caller (up to 3 calls
  /// above), and there is one; \p FD is not an entry.
  bool guardedByCallersInTU(const FunctionDecl *FD, ASTContext &Ctx,
                            unsigned Depth);

  /// The summary of \p FD (defined in this TU) for the project index.
  FunctionSummary summarize(const FunctionDecl *FD, ASTContext &Ctx);
  /// summarize() of a function that TensorFreeFunctions (summaries/
  /// TensorFree.h) found tensor-free: the same summary, without matching
  /// its body for tensor facts that are empty (docs/index.md, "Cost").
  FunctionSummary summarizeTensorFree(const FunctionDecl *FD, ASTContext &Ctx);

  /// Whether every value \p FD (defined in this TU) returns holds no device
  /// storage of its inputs (FunctionSummary::DropsDevice).
  bool dropsDevice(const FunctionDecl *FD, ASTContext &Ctx);

  /// What a call of \p FD returns: a graph, a value cut from any graph, or
  /// unknown; from the body or, for a function defined elsewhere, the index.
  FunctionSummary::Result resultOf(const FunctionDecl *FD, ASTContext &Ctx);

  /// Whether the value of \p E, an expression of \p FD's body (or of a
  /// lambda in it), may carry an autograd graph by the provenance analysis:
  /// it is computed from a forward pass or an operation on a tensor that
  /// requires grad, with no cut on the way (a graph only assumed of a
  /// function of another file counts). A parameter's value, and a member's
  /// read through `this`, carry none here: what they hold was computed
  /// before, or is judged where it was stored; only what \p FD itself put
  /// into the member before the read counts (memberProvenance()).
  bool carriesGraph(const Expr *E, const FunctionDecl *FD, ASTContext &Ctx);
  /// Whether the value of \p E, an expression of \p FD's body, is computed
  /// from \p D (a parameter, a local or a member of `this`), through the
  /// locals it is assigned to.
  bool computedFrom(const Expr *E, const ValueDecl *D, const FunctionDecl *FD,
                    ASTContext &Ctx);
  /// The same, from the value of the expression \p Source of \p FD's body
  /// (a forward pass).
  bool computedFrom(const Expr *E, const Expr *Source, const FunctionDecl *FD,
                    ASTContext &Ctx);
  /// Whether the value of \p E, an expression of \p FD's body, reaches a
  /// backward pass in \p FD: it is part of a backward call or of an argument
  /// that a callee differentiates (FunctionSummary::Differentiates), or of
  /// a value of a local that one of those is computed from.
  bool reachesBackward(const Expr *E, const FunctionDecl *FD, ASTContext &Ctx);

  struct FnInfo;

private:
  FnInfo &info(const FunctionDecl *FD, ASTContext &Ctx);

  struct Prov;
  Prov provenance(const Expr *E, FnInfo &F, ASTContext &Ctx, unsigned Depth);
  /// The provenance of \p ME, a member of `this`, as a read in \p F sees
  /// it: what \p F put into the member before (FnInfo::MemberDefs); what
  /// other calls put there is judged where they put it.
  Prov memberProvenance(const MemberExpr *ME, FnInfo &F, ASTContext &Ctx,
                        unsigned Depth);
  /// For a store made once per call of \p F: the graph \p Value carries
  /// from an earlier call, through a member that \p F (or another method
  /// of its class) fills with graphs; \p Out then names that store.
  struct CarriedFrom {
    const Expr *Store = nullptr;
    std::string Member; // unquoted: obs.actions
    /// The reading function, when another method fills the member.
    const FunctionDecl *Reader = nullptr;
    /// Sets \p S's CarriedBy, CarriedMember and CarriedReader.
    void into(TensorStore &S) const;
  };
  Prov carriedFromEarlierCall(const Expr *Value, FnInfo &F, ASTContext &Ctx,
                              CarriedFrom &Out);
  /// The members (or fields of members) that every method of a class, or a
  /// free function, defined in this TU fills only with graphs, with those
  /// stores: found once per class (or function) by graphMembers().
  struct GraphMembers;
  const GraphMembers &graphMembers(FnInfo &F, ASTContext &Ctx);
  /// The provenance of element \p I of the tuple or pair \p E
  /// (`std::get<I>(e)`): what the element was built from where the tuple is
  /// built in sight (`std::make_tuple(a, b)`, `return {a, b}` in a function
  /// of this TU), else the whole value's.
  Prov elementProvenance(const Expr *E, unsigned I, FnInfo &F, ASTContext &Ctx,
                         unsigned Depth);
  /// \p P merged with the provenance of the arguments of \p C whose
  /// parameters of \p Def are set in \p FromParams (what its returns are
  /// computed from).
  /// What a forward call returns when every forward it runs opens its body
  /// with a guard that turns grad mode off (disablesGradForBody(); each
  /// defined in this translation unit): what its returns carry;
  /// std::nullopt when one does not.
  std::optional<Prov> guardedForward(const CallExpr *C, FnInfo &F,
                                     ASTContext &Ctx, unsigned Depth, Prov P);
  Prov argumentsReturned(const CallExpr *C, const FunctionDecl *Def,
                         uint64_t FromParams, FnInfo &F, ASTContext &Ctx,
                         unsigned Depth, Prov P);
  Prov returnProvenance(const FunctionDecl *FD, ASTContext &Ctx,
                        unsigned Depth);
  /// Kind 2 (TensorStore::Device): whether the stores in \p Loop, into a
  /// container held by \p Holder (null: one that outlives the function), pile
  /// up for the rest of the run within one call of \p F: \p Loop never ends
  /// by its condition (`while (true)`, `for (;;)`), or a loop around it
  /// repeats it while \p Holder lives on. A \p Holder that dies with an
  /// iteration of an outer loop or with the call (diesWithPass()) piles up
  /// only through a loop between its declaration and the store that never
  /// ends and is never left.
  bool repeatsForTheRun(const Stmt *Loop, const ValueDecl *Holder, FnInfo &F,
                        ASTContext &Ctx);
  bool diesWithPass(const ValueDecl *Holder, FnInfo &F, ASTContext &Ctx);
  /// Under `gpuleak check`, for a value whose graph was made before the
  /// iteration (or only assumed to be made there by a function of another
  /// file) and is assumed to flow through calls of functions of another
  /// file unknown to the index: the first of those calls made in the
  /// iteration (\p InIteration) becomes the value's origin, assumed to build
  /// a graph of its own there (the project step keeps the finding only if
  /// its summary says so); the calls after it stay assumed to pass it on.
  /// False, \p P unchanged, when there is none.
  bool assumeGraphInIteration(Prov &P,
                              llvm::function_ref<bool(SourceLocation)> InIteration);
  /// Whether \p Target, a local container, is cleared, reassigned, bounded
  /// or handed to other code (a non-const reference, a pointer, a move)
  /// anywhere in \p F.
  bool keptLocally(const ValueDecl *Target, const Expr *Store, FnInfo &F,
                   ASTContext &Ctx);
  /// How the old value of a destination reaches a value: not at all, as a
  /// copy (through locals, tuples, conditionals), combined by arithmetic
  /// or accumulating calls, or through another operation (a carry). In
  /// DeviceMode, through the device storage: detach() and non-differentiable
  /// operations pass it on, a host copy or a number ends it.
  enum class Path { None, Copy, Arith, Through };
  Path pathTo(const Expr *E, const ValueDecl *Target, FnInfo &F,
              ASTContext &Ctx, unsigned Depth);

  bool escapes(const ValueDecl *Target, FnInfo &F, ASTContext &Ctx);

  /// Whether \p Key, a map's key, is computed from a tensor's shape
  /// (`x.size(1)`, `x.sizes().vec()`, a pair or tuple holding one), through
  /// locals, arithmetic and the parameters of functions of this TU whose
  /// callers here pass such a value.
  bool shapeKeyed(const Expr *Key, FnInfo &F, ASTContext &Ctx, unsigned Depth);
  /// The calls of \p FD (any declaration of it) in this TU's code outside
  /// system headers, with the function (or lambda's call operator) each is
  /// made in; found by walkProjectCode().
  llvm::ArrayRef<std::pair<const CallExpr *, const FunctionDecl *>>
  callsOf(const FunctionDecl *FD, ASTContext &Ctx);
  llvm::DenseMap<const FunctionDecl *,
                 llvm::SmallVector<std::pair<const CallExpr *, const FunctionDecl *>, 2>>
      CallsOf;
  /// Fills CallsOf and Overriders, once per translation unit: one walk of
  /// the code outside system headers.
  void walkProjectCode(ASTContext &Ctx);
  bool Walked = false;

  /// Carries through accessors: a setter's call whose argument is computed
  /// from a getter's result on the same object (see TensorStore::ReadBack).
  /// The member a method returns, or replaces with its parameter \p Param:
  /// nullptr when it is known not to, std::nullopt when the method is of
  /// another file and unknown to the index.
  std::optional<const FieldDecl *> returnedMember(const FunctionDecl *G,
                                                  ASTContext &Ctx);
  std::optional<const FieldDecl *>
  replacedMember(const CXXMethodDecl *G, unsigned Param, ASTContext &Ctx,
                 SourceLocation *StoreAt = nullptr);
  /// Whether \p G sets \p M of its object (null: any member) to a value
  /// without history or detaches it in place (a `reset()`); std::nullopt
  /// when \p G is of another file and unknown to the index.
  std::optional<bool> resetsMember(const CXXMethodDecl *G, const FieldDecl *M,
                                   ASTContext &Ctx);
  /// The members of its own object that \p F resets (see resetsMember()).
  llvm::SmallVector<const FieldDecl *, 1> resetMembers(FnInfo &F,
                                                       ASTContext &Ctx);
  std::optional<TensorStore> accessorCarry(const CallExpr *Call, unsigned Param,
                                           FnInfo &F, ASTContext &Ctx);
  struct AccessorQuery;
  bool readsBack(const CallExpr *C, AccessorQuery &Q, ASTContext &Ctx);
  /// Set while accessorCarry() asks pathTo() for a getter's call.
  AccessorQuery *Accessor = nullptr;
  /// The store that \p Call makes by handing \p Arg to \p Callee, which
  /// keeps it; with \p DeviceStore, the callee keeps a detached copy
  /// (KeptParam::Device), so only the argument's device storage counts.
  std::optional<TensorStore>
  calleeStoreCandidate(const CallExpr *Call, const Expr *Arg,
                       const FunctionDecl *Callee, bool IntoMember,
                       bool InPlace, FnInfo &F, ASTContext &Ctx,
                       bool DeviceStore = false);
  std::optional<TensorStore> perCallStore(const CallExpr *Call,
                                          const Expr *Arg,
                                          const FunctionDecl *Callee,
                                          bool IntoMember, bool InPlace,
                                          FnInfo &F, ASTContext &Ctx,
                                          bool DeviceStore);
  void considerCalleeStore(const CallExpr *Call, const Expr *Arg,
                           const FunctionDecl *Callee, const KeptParam &Kept,
                           FnInfo &F, ASTContext &Ctx);
  const FunctionSummary *indexed(const FunctionDecl *FD);
  using StoreFn = llvm::function_ref<void(TensorStore::StoreKind Kind,
                                          const Expr *Store, const Expr *Dest,
                                          const Expr *Value)>;
  void forEachStore(FnInfo &F, ASTContext &Ctx, StoreFn Each);
  /// Considers every store of \p F, and every call of a function that keeps
  /// its argument, into Found, Pending and PendingCallee.
  void considerStores(FnInfo &F, ASTContext &Ctx);
  bool lazyInitializer(const FunctionDecl *FD, const ValueDecl *D,
                       ASTContext &Ctx);
  bool carriedAcrossOuterStep(const ValueDecl *Target, const Expr *Store,
                              const Stmt *Loop, FnInfo &F, ASTContext &Ctx);
  void considerStore(TensorStore::StoreKind Kind, const Expr *Store,
                     const Expr *Dest, const Expr *Value, FnInfo &F,
                     ASTContext &Ctx);

  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<FnInfo>> Infos;
  /// forwardRunBy()'s facts of the bodies it read, for summarize().
  ForwardFactsCache ForwardFacts;
  struct ReturnMemo;
  llvm::DenseMap<const Decl *, std::unique_ptr<GraphMembers>> GraphMembersOf;
  /// returnProvenance() per function, for graphs and (DeviceMode) for device
  /// storage.
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<ReturnMemo>> Returns[2];
  /// Whether the returns of a method of the object compute from a member of
  /// it (pathTo() of each return to the member, in the method's body), per
  /// method and member; an entry being computed reads as Path::None.
  llvm::DenseMap<std::pair<std::pair<const FunctionDecl *, const ValueDecl *>,
                           const FieldDecl *>,
                 int>
      MemberReturns[2];
  /// While considerStore() judges a store into a field of a member struct
  /// (`this->obs.actions = a`): that field. pathTo() does not take the
  /// struct's other fields for the target's old value.
  const FieldDecl *TargetSub = nullptr;
  int returnsFromMember(const FunctionDecl *Def, const ValueDecl *Member,
                        ASTContext &Ctx, unsigned Depth);
  /// The overriders defined (with a body) in this TU, outside system headers,
  /// of each virtual method (canonical declarations), by walkProjectCode().
  llvm::DenseMap<const CXXMethodDecl *, llvm::SmallVector<const CXXMethodDecl *, 2>>
      Overriders;
  llvm::ArrayRef<const CXXMethodDecl *> overridersOf(const CXXMethodDecl *MD,
                                                      ASTContext &Ctx);
  /// Provenance follows device storage instead of autograd history: grad
  /// mode and detach() do not cut it; a host copy, a number or a fresh
  /// tensor does.
  bool DeviceMode = false;
  /// The first call of each function (canonical declaration) made in a loop
  /// of this TU: what makes a per-call Device store repeat.
  llvm::DenseMap<const FunctionDecl *, const CallExpr *> LoopCalls;
  llvm::DenseSet<const VarDecl *> VisitingVars;
  /// Set while computedFrom() asks pathTo() for an expression's value.
  const Expr *SourceExpr = nullptr;
  /// The definitions of locals pathTo() is following.
  llvm::DenseSet<const Expr *> VisitingDefs;
  std::shared_ptr<const ProjectIndex> Index;
  /// indexed() per canonical declaration.
  llvm::DenseMap<const FunctionDecl *, const FunctionSummary *> Indexed;
  bool Deferred = false;
  /// The members memberProvenance() is following.
  llvm::DenseSet<const FieldDecl *> VisitingMembers;
  /// The translation unit's, for places of the index (set by
  /// analyzeFunction()).
  SourceManager *Sources = nullptr;
  /// keptParams() per function; an entry being computed is empty.
  std::map<const FunctionDecl *, llvm::SmallVector<KeptParam, 1>> Kept;
  /// Stores through callees, decided in finish() like Pending; the index's
  /// bounded targets for those defined elsewhere.
  llvm::SmallVector<TensorStore, 4> PendingCallee;
  llvm::SmallVector<const ParamStore *, 4> PendingExternal;

  /// Candidates whose destination outlives the function; decided in finish().
  llvm::SmallVector<TensorStore, 8> Pending;
  llvm::SmallVector<TensorStore, 8> Found;
  /// Members, globals and statics that a backward()/grad() call of the TU
  /// differentiates, that are shrunk (clear, erase, pop, resize, size checks)
  /// or detached somewhere in the TU.
  llvm::DenseSet<const ValueDecl *> DifferentiatedTU, ShrunkTU, DetachedTU;
  /// For gpuleak-missing-detach's carries (trial 18, D6): the members,
  /// globals and statics shrunk other than by `detach_()`; those detached
  /// by a function that only resets them (it reads them nowhere but in the
  /// detaching statements: a `detachHidden()`, a `reset()`); and, for
  /// those detached by a function that carries them itself (an alternative
  /// step that reads them into its own forward pass), the bodies of those
  /// functions, whose detach cuts only their own carries.
  llvm::DenseSet<const ValueDecl *> ShrunkOtherTU, ResetTU;
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const Stmt *, 2>>
      DetachedInStepTU;
  /// Functions (canonical declarations) that the TU calls from another
  /// function, and those whose address it takes; filled once by mayRun().
  llvm::DenseSet<const FunctionDecl *> CalledTU, TakenTU;
  bool ScannedTU = false;
  void scanReferences(ASTContext &Ctx);
  /// Whether \p FD's bounds count: it is an entry, this TU calls it, or
  /// it may be called from another file (the index says so, or, without
  /// an index, it is externally visible).
  bool mayRun(const FunctionDecl *FD, ASTContext &Ctx);
};

/// What gpuleak-retained-tensor and gpuleak-missing-detach share: each
/// analyses every function definition of the translation unit with a
/// TensorStoreFinder, then reports the stores of its own kinds from
/// onEndOfTranslationUnit().
class TensorStoreCheck : public GpuLeakCheck {
public:
  TensorStoreCheck(StringRef Name, ClangTidyContext *Context)
      : GpuLeakCheck(Name, Context), Context(Context),
        IndexOption(Options.getLocalOrGlobal("GpuleakIndex", "")) {
    Stores.setDeferred(ProjectIndex::deferredToProject(IndexOption));
  }
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  ClangTidyContext *const Context;
  /// The global option `GpuleakIndex`: the project index's path, or "none".
  const std::string IndexOption;
  TensorStoreFinder Stores;
  const SourceManager *SM = nullptr;       // set by check()
  const LangOptions *LangOpts = nullptr;   // set by check()
};

} // namespace clang::tidy::gpuleak

#endif
